import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
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
    await expect(
      smtp.send({ to: '+5511999998888', channel: 'phone', purpose: 'VERIFY', code: '123456' }),
    ).rejects.toThrow(/SMS/);
  });
});

/** A minimal SMTP server: enough dialogue for nodemailer to deliver one message, which it records. */
async function fakeSmtp() {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data = false;
    let body = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (data) {
          if (line === '.') {
            data = false;
            received.push(body);
            socket.write('250 OK queued\r\n');
          } else body += `${line}\n`;
          continue;
        }
        if (!line) continue;
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250-fake\r\n250 OK\r\n');
        else if (cmd === 'DATA') {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('SMTP delivery', () => {
  it('sends the code by e-mail through SMTP_URL', async () => {
    const smtp = await fakeSmtp();
    try {
      const mailer = new SmtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Platform <no-reply@example.com>');
      await mailer.send({ to: 'ana@example.com', channel: 'email', purpose: 'VERIFY', code: '654321' });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatch(/To: ana@example.com/);
      expect(smtp.received[0]).toMatch(/654321/);
    } finally {
      await smtp.close();
    }
  });
});
