/** The hosted onboarding page's two languages: every text the page shows exists in both (chosen as every page's). */
import { type Lang } from '../../http/page-language.js';
export { chooseLang, DEFAULT_LANG, LANGS, type Lang } from '../../http/page-language.js';

const TEXT = {
  title: { 'pt-BR': 'Cadastro da sua empresa', en: 'Your company onboarding' },
  intro: {
    'pt-BR': 'Envie o que o provedor {provider} ainda pede para ativar a sua conta.',
    en: 'Send what the provider {provider} still asks for to activate your account.',
  },
  switchTo: { 'pt-BR': 'English', en: 'Português' },
  validUntil: { 'pt-BR': 'Este link vale até {date}.', en: 'This link is valid until {date}.' },
  pending: { 'pt-BR': 'Pendências', en: 'Still asked' },
  done: { 'pt-BR': 'Concluído', en: 'Done' },
  nothingLeft: {
    'pt-BR': 'Não há nada pendente: o provedor tem tudo o que pediu.',
    en: 'Nothing is pending: the provider has everything it asked for.',
  },
  notAvailable: {
    'pt-BR': 'O cadastro de empresas ainda não está disponível.',
    en: 'Company onboarding is not available yet.',
  },
  subject: { 'pt-BR': 'Referente a', en: 'About' },
  status: { 'pt-BR': 'Situação', en: 'Status' },
  rejectedHint: {
    'pt-BR': 'O provedor recusou o que foi enviado: envie novamente.',
    en: 'The provider refused what was sent: send it again.',
  },
  identityHint: {
    'pt-BR': 'Envie a CNH digital, ou a frente e o verso do mesmo documento.',
    en: 'Send the digital CNH, or the front and the back of the same document.',
  },
  sendBack: {
    'pt-BR': 'Recebemos {sent}. Envie agora {missing} do mesmo documento.',
    en: 'We received {sent}. Now send {missing} of the same document.',
  },
  sendFront: {
    'pt-BR': 'Recebemos {sent}. Envie agora {missing} do mesmo documento.',
    en: 'We received {sent}. Now send {missing} of the same document.',
  },
  received: { 'pt-BR': 'Já recebido:', en: 'Already received:' },
  documentType: { 'pt-BR': 'Tipo de documento', en: 'Document type' },
  file: { 'pt-BR': 'Arquivo (JPEG, PNG ou PDF, até 10 MiB)', en: 'File (JPEG, PNG or PDF, up to 10 MiB)' },
  files: { 'pt-BR': 'Arquivos (JPEG, PNG ou PDF, até 10 MiB cada)', en: 'Files (JPEG, PNG or PDF, up to 10 MiB each)' },
  upload: { 'pt-BR': 'Enviar documento', en: 'Upload document' },
  answer: { 'pt-BR': 'Sua resposta', en: 'Your answer' },
  sendAnswer: { 'pt-BR': 'Enviar resposta', en: 'Send answer' },
  sendPackage: { 'pt-BR': 'Enviar arquivos e resposta', en: 'Send files and answer' },
  startCapture: { 'pt-BR': 'Iniciar verificação biométrica', en: 'Start biometric capture' },
  captureInReview: { 'pt-BR': 'Verificação biométrica em análise.', en: 'Biometric capture under review.' },
  sandboxApprove: { 'pt-BR': 'Aprovar verificação (sandbox)', en: 'Approve capture (sandbox)' },
  sandboxNote: { 'pt-BR': 'Sandbox: nenhuma captura real acontece.', en: 'Sandbox: no real capture takes place.' },
  forbiddenTitle: { 'pt-BR': 'Link inválido ou expirado', en: 'Invalid or expired link' },
  forbiddenExpired: {
    'pt-BR': 'Este link de cadastro expirou. Peça um novo link a quem o enviou.',
    en: 'This onboarding link has expired. Ask whoever sent it for a new link.',
  },
  forbiddenInvalid: {
    'pt-BR': 'Este link de cadastro é inválido (foi alterado ou está incompleto). Peça um novo link a quem o enviou.',
    en: 'This onboarding link is invalid (it was altered or is incomplete). Ask whoever sent it for a new link.',
  },
  tooLargeTitle: { 'pt-BR': 'Arquivo grande demais', en: 'File too large' },
  tooLargeBody: {
    'pt-BR': 'Cada arquivo pode ter até 10 MiB. Volte e escolha um arquivo menor.',
    en: 'Each file may be at most 10 MiB. Go back and choose a smaller file.',
  },
} as const satisfies Record<string, Record<Lang, string>>;

export type TextKey = keyof typeof TEXT;

export const t = (lang: Lang, key: TextKey, vars: Record<string, string> = {}) =>
  TEXT[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');

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
