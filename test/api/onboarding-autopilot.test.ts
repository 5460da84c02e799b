import { eventually as poll } from '../helpers/poll.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { requirements, upload } from '../helpers/onboarding.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: true });
});
afterAll(async () => t?.close());

const eventually = <T>(probe: () => Promise<T>, done: (value: T) => boolean) =>
  poll(probe, done, 'the autopilot', 10_000, 100);

it('approves pending documents and captures by itself, and the affiliation follows', async () => {
  const org = await t.createOrganization();
  const m = await t.createMerchant(org.apiKey);
  const cpf = m.body.document_number;
  const aff = (
    await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/affiliations`,
      key: org.apiKey,
      payload: { provider: 'PROVIDER_A' },
    })
  ).json();
  expect(aff.status).toBe('WAITING_DOCUMENTS');
  const digital = await upload(t, org.apiKey, m.id, 'CNH_DIGITAL', cpf);
  await upload(t, org.apiKey, m.id, 'PROOF_OF_ADDRESS', cpf);
  const bio = await t.request({
    method: 'POST',
    url: `/core/v1/merchants/${m.id}/biometric-verifications`,
    key: org.apiKey,
    payload: { subject_document_number: cpf },
  });
  expect(bio.json().status).toBe('PENDING');

  const final = await eventually(
    () =>
      t
        .request({ method: 'GET', url: `/core/v1/merchants/${m.id}/affiliations/${aff.id}`, key: org.apiKey })
        .then((r) => r.json()),
    (a) => a.status === 'ACTIVE',
  );
  expect(final.status).toBe('ACTIVE');
  // Pending-review documents already count as evidence, so the affiliation may turn ACTIVE before the
  // autopilot has approved both documents: wait for the approvals on their own.
  const docs = await eventually(
    () =>
      t
        .request({ method: 'GET', url: `/core/v1/merchants/${m.id}/onboarding-documents`, key: org.apiKey })
        .then((r) => r.json().data),
    (list: any[]) => list.every((d) => d.status === 'APPROVED'),
  );
  expect(docs.map((d: any) => d.status)).toEqual(['APPROVED', 'APPROVED']);
  expect((await requirements(t, org.apiKey, m.id)).every((r) => r.status === 'SATISFIED')).toBe(true);
  expect(docs.find((d: any) => d.id === digital.id)).toBeTruthy();
});
