import nodemailer, { type Transporter } from 'nodemailer';
import { systemClock, type Clock } from '../../kernel/clock.js';
import type { IdentifierType } from '../../db/schema/index.js';
import type { CodePurpose } from '../../db/schema/index.js';

export interface OutgoingCode {
  to: string;
  channel: IdentifierType;
  purpose: CodePurpose;
  code: string;
}

/** Delivers one-time codes. Called after the transaction that issued the code has committed. */
export interface Mailer {
  send(message: OutgoingCode): Promise<void>;
}

export interface SandboxMessage extends OutgoingCode {
  created_at: string;
}

const SANDBOX_KEEP = 1000;

/**
 * The sandbox keeps messages in memory for `GET /v1/platform/sandbox/messages` (product.md §10) instead of
 * sending them: the database only ever holds codes hashed.
 */
export class SandboxMailer implements Mailer {
  private readonly messages: SandboxMessage[] = [];

  constructor(private readonly clock: Clock = systemClock) {}

  async send(message: OutgoingCode): Promise<void> {
    this.messages.push({ ...message, created_at: this.clock.now().toISOString() });
    if (this.messages.length > SANDBOX_KEEP) this.messages.splice(0, this.messages.length - SANDBOX_KEEP);
  }

  /** Messages to one identifier, newest first. */
  sentTo(to: string): SandboxMessage[] {
    return this.messages.filter((m) => m.to === to).reverse();
  }
}

const SUBJECTS: Record<CodePurpose, string> = {
  VERIFY: 'Your verification code',
  RESET_PASSWORD: 'Your password reset code',
};

/** Real delivery over SMTP (SMTP_URL). Phones need an SMS gateway this deployment does not have. */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: OutgoingCode): Promise<void> {
    if (message.channel !== 'email') throw new Error('SMS delivery is not configured');
    const text = `Your code is ${message.code}. It is valid for 15 minutes and can be used once.`;
    await this.transport.sendMail({ from: this.from, to: message.to, subject: SUBJECTS[message.purpose], text });
  }
}

export function createMailer(config: { smtpUrl?: string; mailFrom: string }, clock: Clock = systemClock): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new SandboxMailer(clock);
}
