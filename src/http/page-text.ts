import type { Lang } from './page-language.js';

/**
 * Every text of the platform's HTML pages in both languages, one table (pt-BR first: the readers are in Brazil):
 * the hosted onboarding page and the 3DS challenge pages (sandbox and provider). Each page reads its own part through `pageText`,
 * with the same `{name}` interpolation.
 */
export const PAGE_TEXT = {
  /** The hosted onboarding page (src/modules/onboarding/hosted-page.*). */
  onboarding: {
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
    files: {
      'pt-BR': 'Arquivos (JPEG, PNG ou PDF, até 10 MiB cada)',
      en: 'Files (JPEG, PNG or PDF, up to 10 MiB each)',
    },
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
  },
  /** The sandbox 3DS challenge pages (src/modules/payments/three-ds/challenge.page.ts). */
  challenge: {
    title: { 'pt-BR': '3-D Secure: confirme a compra', en: '3-D Secure: confirm the purchase' },
    heading: { 'pt-BR': 'Confirme a compra', en: 'Confirm the purchase' },
    paying: { 'pt-BR': '{amount} para {merchant}', en: '{amount} to {merchant}' },
    card: {
      'pt-BR': 'Cartão {brand} •••• {last} · validade {expiry}',
      en: '{brand} card •••• {last} · expires {expiry}',
    },
    sandbox: {
      'pt-BR': 'Sandbox: digite o código {code} para autenticar; qualquer outro código falha.',
      en: 'Sandbox: enter the code {code} to authenticate; any other code fails.',
    },
    code: { 'pt-BR': 'Código de verificação', en: 'Verification code' },
    verify: { 'pt-BR': 'Verificar', en: 'Verify' },
    cancel: { 'pt-BR': 'Cancelar', en: 'Cancel' },
    validUntil: { 'pt-BR': 'Válido até {time}.', en: 'Valid until {time}.' },
    doneTitle: { 'pt-BR': '3-D Secure', en: '3-D Secure' },
    success: { 'pt-BR': 'Autenticação concluída.', en: 'Authentication succeeded.' },
    failure: { 'pt-BR': 'A autenticação falhou.', en: 'Authentication failed.' },
    cancelled: { 'pt-BR': 'Autenticação cancelada.', en: 'Authentication cancelled.' },
    continue: { 'pt-BR': 'Continuar', en: 'Continue' },
    close: { 'pt-BR': 'Você pode fechar esta janela.', en: 'You may close this window.' },
  },
  /** The 3DS challenge of a session at a real provider: the redirect form and the return route's pages. */
  providerChallenge: {
    title: { 'pt-BR': '3-D Secure: redirecionando ao emissor', en: '3-D Secure: going to the card issuer' },
    go: { 'pt-BR': 'Continuar para o emissor do cartão', en: 'Continue to the card issuer' },
    missingTitle: { 'pt-BR': 'Resultado da autenticação ausente', en: 'The authentication result is missing' },
    missing: {
      'pt-BR': 'O emissor não devolveu o resultado. Abra o link de autenticação de novo.',
      en: 'The card issuer sent no result back. Open the authentication link again.',
    },
    unknownTitle: { 'pt-BR': 'Não foi possível concluir agora', en: 'The authentication could not be completed now' },
    unknown: {
      'pt-BR': 'O provedor não respondeu. Tente de novo em alguns segundos por este mesmo link.',
      en: 'The provider did not answer. Try again in a few seconds through this same link.',
    },
  },
} as const satisfies Record<string, Record<string, Record<Lang, string>>>;

export type PageName = keyof typeof PAGE_TEXT;
export type PageTextKey<P extends PageName> = keyof (typeof PAGE_TEXT)[P] & string;

/** The text function of one page: `text(lang, key, { name: value })` fills `{name}` (unknown names: empty). */
export const pageText =
  <P extends PageName>(page: P) =>
  (lang: Lang, key: PageTextKey<P>, vars: Record<string, string> = {}): string =>
    (PAGE_TEXT[page][key] as Record<Lang, string>)[lang].replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
