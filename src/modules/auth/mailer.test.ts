import { describe, expect, it } from 'vitest';
import { createMailer, SandboxMailer, SmtpMailer } from './mailer.js';

describe('mailer', () => {
  it('is chosen by configuration: SMTP when SMTP_URL is set, the sandbox box otherwise', () => {
    expect(createMailer({ mailFrom: 'x@y.z' })).toBeInstanceOf(SandboxMailer);
    expect(createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', mailFrom: 'x@y.z' })).toBeInstanceOf(SmtpMailer);
  });

  it('the sandbox keeps messages per recipient, newest first', async () => {
    const box = new SandboxMailer();
    await box.send({ to: 'a@b.co', channel: 'email', purpose: 'VERIFY', code: '111111' });
    await box.send({ to: 'c@d.co', channel: 'email', purpose: 'VERIFY', code: '222222' });
    await box.send({ to: 'a@b.co', channel: 'email', purpose: 'RESET_PASSWORD', code: '333333' });
    expect(box.sentTo('a@b.co').map((m) => m.code)).toEqual(['333333', '111111']);
    expect(box.sentTo('nobody@x.co')).toEqual([]);
  });

  it('SMTP refuses phone delivery instead of mailing a phone number', async () => {
    const smtp = new SmtpMailer('smtp://127.0.0.1:1', 'x@y.z');
    await expect(smtp.send({ to: '+5511999998888', channel: 'phone', purpose: 'VERIFY', code: '123456' })).rejects.toThrow(/SMS/);
  });
});
