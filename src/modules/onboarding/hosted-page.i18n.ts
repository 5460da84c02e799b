/** The hosted onboarding page's two languages: every text the page shows exists in both (chosen as every page's). */
import { type Lang } from '../../http/page-language.js';
import { pageText, type PageTextKey } from '../../http/page-text.js';
export { chooseLang, DEFAULT_LANG, LANGS, type Lang } from '../../http/page-language.js';

export type TextKey = PageTextKey<'onboarding'>;

/** The page's texts live in the platform pages' one table (src/http/page-text.ts). */
export const t = pageText('onboarding');

/** Outcomes of the page's forms, shown once after the 303 back to the page. */
export const NOTICES = {
  uploaded: { 'pt-BR': 'Documento recebido.', en: 'Document received.' },
  answered: { 'pt-BR': 'Resposta recebida.', en: 'Answer received.' },
  'capture-started': { 'pt-BR': 'Verificação biométrica iniciada.', en: 'Biometric capture started.' },
  'capture-approved': {
    'pt-BR': 'Verificação biométrica aprovada (sandbox).',
    en: 'Biometric capture approved (sandbox).',
  },
  'file-type': {
    'pt-BR': 'Tipo de arquivo não aceito: envie JPEG, PNG ou PDF.',
    en: 'File type not accepted: send a JPEG, PNG or PDF.',
  },
  'file-mismatch': {
    'pt-BR': 'O conteúdo do arquivo não corresponde ao seu tipo.',
    en: 'The file content does not match its type.',
  },
  'file-missing': {
    'pt-BR': 'Escolha um arquivo (não vazio) antes de enviar.',
    en: 'Choose a (non-empty) file before sending.',
  },
  'too-large': { 'pt-BR': 'Arquivo grande demais: até 10 MiB.', en: 'File too large: at most 10 MiB.' },
  'document-type': {
    'pt-BR': 'Escolha um tipo de documento aceito por esta pendência.',
    en: 'Choose a document type this item accepts.',
  },
  'answer-invalid': {
    'pt-BR': 'A resposta deve ter de 1 a 5000 caracteres.',
    en: 'The answer must be 1 to 5000 characters long.',
  },
  'not-found': { 'pt-BR': 'Esta pendência não existe mais.', en: 'This item no longer exists.' },
  failed: { 'pt-BR': 'Não foi possível concluir. Tente novamente.', en: 'That could not be completed. Try again.' },
} as const satisfies Record<string, Record<Lang, string>>;

export type Notice = keyof typeof NOTICES;
export const isNotice = (v: unknown): v is Notice => typeof v === 'string' && Object.hasOwn(NOTICES, v);
export const ERROR_NOTICES: ReadonlySet<Notice> = new Set([
  'file-type',
  'file-mismatch',
  'file-missing',
  'too-large',
  'document-type',
  'answer-invalid',
  'not-found',
  'failed',
]);

/** Requirement types, statuses, roles and document types as a merchant reads them. */
export const LABELS: Record<string, Record<Lang, string>> = {
  IDENTITY_DOCUMENT: { 'pt-BR': 'Documento de identidade', en: 'Identity document' },
  BIOMETRIC_VERIFICATION: { 'pt-BR': 'Verificação biométrica', en: 'Biometric verification' },
  ARTICLES_OF_INCORPORATION: { 'pt-BR': 'Contrato social', en: 'Articles of incorporation' },
  POWER_OF_ATTORNEY: { 'pt-BR': 'Procuração', en: 'Power of attorney' },
  PROOF_OF_ADDRESS: { 'pt-BR': 'Comprovante de endereço', en: 'Proof of address' },
  PROOF_OF_INCOME: { 'pt-BR': 'Comprovante de renda', en: 'Proof of income' },
  FINANCIAL_STATEMENT: { 'pt-BR': 'Demonstração financeira', en: 'Financial statement' },
  INFORMATION: { 'pt-BR': 'Informação', en: 'Information' },
  EVIDENCE_PACKAGE: { 'pt-BR': 'Pacote de comprovantes', en: 'Evidence package' },
  OTHER: { 'pt-BR': 'Outro documento', en: 'Other document' },
  CNH_FRONT: { 'pt-BR': 'CNH (frente)', en: 'CNH (front)' },
  CNH_BACK: { 'pt-BR': 'CNH (verso)', en: 'CNH (back)' },
  CNH_DIGITAL: { 'pt-BR': 'CNH digital', en: 'Digital CNH' },
  RG_FRONT: { 'pt-BR': 'RG (frente)', en: 'RG (front)' },
  RG_BACK: { 'pt-BR': 'RG (verso)', en: 'RG (back)' },
  RNE_FRONT: { 'pt-BR': 'RNE (frente)', en: 'RNE (front)' },
  RNE_BACK: { 'pt-BR': 'RNE (verso)', en: 'RNE (back)' },
  PENDING: { 'pt-BR': 'Pendente', en: 'Pending' },
  REJECTED: { 'pt-BR': 'Recusado', en: 'Rejected' },
  SATISFIED: { 'pt-BR': 'Atendido', en: 'Satisfied' },
  WAIVED: { 'pt-BR': 'Dispensado', en: 'Waived' },
  PENDING_REVIEW: { 'pt-BR': 'Em análise', en: 'Under review' },
  APPROVED: { 'pt-BR': 'Aprovado', en: 'Approved' },
  REFUSED: { 'pt-BR': 'Recusado pelo provedor', en: 'Refused by the provider' },
  COMPANY: { 'pt-BR': 'Empresa', en: 'Company' },
  CONTACT: { 'pt-BR': 'Responsável', en: 'Contact' },
  PARTNER_COMPANY: { 'pt-BR': 'Empresa sócia', en: 'Partner company' },
};

export const label = (lang: Lang, value: string) => LABELS[value]?.[lang] ?? value;

/** Dates as the reader expects them, in UTC so the page and the API agree. */
export const formatDate = (lang: Lang, date: Date) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date) + ' UTC';
