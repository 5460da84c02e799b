import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SANDBOX_CAPABILITIES } from '../../providers/sandbox.js';
import type { RequirementRow } from '../../db/schema/index.js';
import {
  acceptedDocumentTypes,
  affiliationStatusFor,
  baseRequirementSet,
  deriveRequirement,
  pickShared,
  reconcileBase,
  REQUIREMENT_TYPES,
  type CompanyShapeFacts,
  type EvidenceDocument,
  type StoredRow,
} from './requirements.rules.js';
import { toRequirementView } from './onboarding.views.js';

const A = SANDBOX_CAPABILITIES.PROVIDER_A.acceptedDocumentTypes;
const B = SANDBOX_CAPABILITIES.PROVIDER_B.acceptedDocumentTypes;
const CPF = '11144477735';
const CONTACT = '52998224725';
const CNPJ = '11222333000181';

const cpfShape = (overrides: Partial<CompanyShapeFacts['contact']> = {}): CompanyShapeFacts => ({
  documentType: 'CPF',
  documentNumber: CPF,
  taxType: 'PF',
  contact: { document_number: CPF, ...overrides },
  declaredRevenue: 0,
});
const cnpjShape = (
  taxType: 'PJ' | 'MEI' | 'ME',
  contact: CompanyShapeFacts['contact'],
  declaredRevenue = 0,
): CompanyShapeFacts => ({
  documentType: 'CNPJ',
  documentNumber: CNPJ,
  taxType,
  contact: { document_number: CONTACT, ...contact },
  declaredRevenue,
});
const rowsOf = (shape: CompanyShapeFacts, provider = 'PROVIDER_A') =>
  baseRequirementSet(provider, shape).map((i) => `${i.type}/${i.subjectRole}/${i.subjectDocumentNumber}`);

describe('base requirement set (product.md §6 table)', () => {
  it.each([
    [
      'CPF',
      cpfShape(),
      [`IDENTITY_DOCUMENT/COMPANY/${CPF}`, `BIOMETRIC_VERIFICATION/COMPANY/${CPF}`, `PROOF_OF_ADDRESS/COMPANY/${CPF}`],
    ],
    [
      'CPF, contact without a CPF',
      { ...cpfShape(), contact: { politically_exposed: true } },
      [
        `IDENTITY_DOCUMENT/COMPANY/${CPF}`,
        `BIOMETRIC_VERIFICATION/COMPANY/${CPF}`,
        `PROOF_OF_ADDRESS/COMPANY/${CPF}`,
        `PROOF_OF_INCOME/CONTACT/${CPF}`,
      ],
    ],
    [
      'PJ partner',
      cnpjShape('PJ', { role: 'PARTNER' }),
      [
        `IDENTITY_DOCUMENT/CONTACT/${CONTACT}`,
        `PROOF_OF_ADDRESS/COMPANY/${CNPJ}`,
        `ARTICLES_OF_INCORPORATION/COMPANY/${CNPJ}`,
        `BIOMETRIC_VERIFICATION/CONTACT/${CONTACT}`,
      ],
    ],
    [
      'ME partner',
      cnpjShape('ME', { role: 'PARTNER' }),
      [
        `IDENTITY_DOCUMENT/CONTACT/${CONTACT}`,
        `PROOF_OF_ADDRESS/COMPANY/${CNPJ}`,
        `ARTICLES_OF_INCORPORATION/COMPANY/${CNPJ}`,
        `BIOMETRIC_VERIFICATION/CONTACT/${CONTACT}`,
      ],
    ],
    [
      'MEI partner',
      cnpjShape('MEI', { role: 'PARTNER' }),
      [`IDENTITY_DOCUMENT/CONTACT/${CONTACT}`, `PROOF_OF_ADDRESS/COMPANY/${CNPJ}`],
    ],
    [
      'MEI without role',
      cnpjShape('MEI', {}),
      [
        `IDENTITY_DOCUMENT/CONTACT/${CONTACT}`,
        `PROOF_OF_ADDRESS/COMPANY/${CNPJ}`,
        `POWER_OF_ATTORNEY/CONTACT/${CONTACT}`,
      ],
    ],
    [
      'PJ attorney at the revenue threshold',
      cnpjShape('PJ', { role: 'ATTORNEY' }, 4_800_000),
      [
        `IDENTITY_DOCUMENT/CONTACT/${CONTACT}`,
        `PROOF_OF_ADDRESS/COMPANY/${CNPJ}`,
        `ARTICLES_OF_INCORPORATION/COMPANY/${CNPJ}`,
        `BIOMETRIC_VERIFICATION/CONTACT/${CONTACT}`,
        `POWER_OF_ATTORNEY/CONTACT/${CONTACT}`,
        `FINANCIAL_STATEMENT/COMPANY/${CNPJ}`,
      ],
    ],
    [
      'PJ below the threshold',
      cnpjShape('PJ', { role: 'PARTNER' }, 4_799_999),
      [
        `IDENTITY_DOCUMENT/CONTACT/${CONTACT}`,
        `PROOF_OF_ADDRESS/COMPANY/${CNPJ}`,
        `ARTICLES_OF_INCORPORATION/COMPANY/${CNPJ}`,
        `BIOMETRIC_VERIFICATION/CONTACT/${CONTACT}`,
      ],
    ],
    [
      'ME with high revenue: no financial statement',
      cnpjShape('ME', { role: 'PARTNER' }, 9_000_000),
      [
        `IDENTITY_DOCUMENT/CONTACT/${CONTACT}`,
        `PROOF_OF_ADDRESS/COMPANY/${CNPJ}`,
        `ARTICLES_OF_INCORPORATION/COMPANY/${CNPJ}`,
        `BIOMETRIC_VERIFICATION/CONTACT/${CONTACT}`,
      ],
    ],
    [
      'MEI politically exposed',
      cnpjShape('MEI', { role: 'PARTNER', politically_exposed: true }),
      [
        `IDENTITY_DOCUMENT/CONTACT/${CONTACT}`,
        `PROOF_OF_ADDRESS/COMPANY/${CNPJ}`,
        `PROOF_OF_INCOME/CONTACT/${CONTACT}`,
      ],
    ],
  ])('%s', (_name, shape, expected) => {
    expect(rowsOf(shape)).toEqual(expected);
  });

  it('is empty for PROVIDER_B and INTERNAL', () => {
    expect(rowsOf(cnpjShape('PJ', { politically_exposed: true }, 9_000_000), 'PROVIDER_B')).toEqual([]);
    expect(rowsOf(cpfShape(), 'INTERNAL')).toEqual([]);
  });

  it('lists accepted document types per provider', () => {
    expect(acceptedDocumentTypes('IDENTITY_DOCUMENT', A)).toEqual([
      'CNH_FRONT',
      'CNH_BACK',
      'CNH_DIGITAL',
      'RG_FRONT',
      'RG_BACK',
    ]);
    expect(acceptedDocumentTypes('IDENTITY_DOCUMENT', B)).toEqual([
      'CNH_FRONT',
      'CNH_BACK',
      'CNH_DIGITAL',
      'RG_FRONT',
      'RG_BACK',
      'RNE_FRONT',
      'RNE_BACK',
    ]);
    for (const t of [
      'ARTICLES_OF_INCORPORATION',
      'POWER_OF_ATTORNEY',
      'PROOF_OF_ADDRESS',
      'PROOF_OF_INCOME',
      'FINANCIAL_STATEMENT',
      'OTHER',
    ])
      expect(acceptedDocumentTypes(t, A)).toEqual([t]);
    for (const t of ['BIOMETRIC_VERIFICATION', 'INFORMATION', 'EVIDENCE_PACKAGE'])
      expect(acceptedDocumentTypes(t, B)).toBeNull();
  });
});

let seq = 0;
const doc = (
  fileType: string,
  status: EvidenceDocument['status'] = 'PENDING_REVIEW',
  at = ++seq,
  subject = CPF,
): EvidenceDocument => ({
  id: `00000000-0000-0000-0000-${String(at).padStart(12, '0')}`,
  fileType,
  subjectDocumentNumber: subject,
  status,
  createdAt: new Date(1_700_000_000_000 + at * 1000),
});
const none = { documents: [], biometrics: [], answers: [] };
const req = (type: string, waived = false) => ({ type, subjectDocumentNumber: CPF, waived });

describe('derived status', () => {
  const f = doc('CNH_FRONT'),
    bk = doc('CNH_BACK'),
    dig = doc('CNH_DIGITAL'),
    rf = doc('RG_FRONT', 'REFUSED'),
    rb = doc('RG_BACK', 'REFUSED');
  const rneF = doc('RNE_FRONT'),
    rneB = doc('RNE_BACK'),
    addr = doc('PROOF_OF_ADDRESS'),
    addrRefused = doc('PROOF_OF_ADDRESS', 'REFUSED', 0);
  it.each([
    ['no evidence', req('IDENTITY_DOCUMENT'), [], 'PENDING', null],
    ['a front alone', req('IDENTITY_DOCUMENT'), [f], 'PENDING', null],
    ['front and back', req('IDENTITY_DOCUMENT'), [f, bk], 'SATISFIED', [f.id, bk.id]],
    ['digital is newer than the pair', req('IDENTITY_DOCUMENT'), [f, bk, dig], 'SATISFIED', [dig.id]],
    ['a refused pair only', req('IDENTITY_DOCUMENT'), [rf, rb], 'REJECTED', null],
    ['a refused pair and a usable front', req('IDENTITY_DOCUMENT'), [rf, rb, f], 'PENDING', null],
    ['RNE not accepted at PROVIDER_A', req('IDENTITY_DOCUMENT'), [rneF, rneB], 'PENDING', null],
    ['same-name document', req('PROOF_OF_ADDRESS'), [addr], 'SATISFIED', [addr.id]],
    ['refused same-name document', req('PROOF_OF_ADDRESS'), [addrRefused], 'REJECTED', null],
    ['refused then a new upload', req('PROOF_OF_ADDRESS'), [addrRefused, addr], 'SATISFIED', [addr.id]],
    ['another subject', req('PROOF_OF_ADDRESS'), [doc('PROOF_OF_ADDRESS', 'APPROVED', 99, CONTACT)], 'PENDING', null],
    ['waived stands over evidence', req('PROOF_OF_ADDRESS', true), [addr], 'WAIVED', null],
  ] as const)('%s', (_n, r, documents, status, ids) => {
    const d = deriveRequirement(r, { ...none, documents }, A);
    expect(d.status).toBe(status);
    expect(d.satisfiedBy?.onboarding_document_ids ?? null).toEqual(ids);
  });

  it('accepts RNE at PROVIDER_B', () => {
    const f = doc('RNE_FRONT'),
      b = doc('RNE_BACK');
    expect(deriveRequirement(req('IDENTITY_DOCUMENT'), { ...none, documents: [f, b] }, B).status).toBe('SATISFIED');
  });

  const bio = (status: 'PENDING' | 'APPROVED' | 'REJECTED', at: number) => ({
    id: `b${at}`,
    subjectDocumentNumber: CPF,
    status,
    createdAt: new Date(at),
  });
  it.each([
    [[], 'PENDING', null],
    [[bio('PENDING', 1)], 'PENDING', null],
    [[bio('REJECTED', 1)], 'REJECTED', null],
    [[bio('REJECTED', 1), bio('PENDING', 2)], 'PENDING', null],
    [[bio('APPROVED', 1), bio('REJECTED', 2)], 'SATISFIED', 'b1'],
  ] as const)('biometrics %#', (biometrics, status, id) => {
    const d = deriveRequirement(req('BIOMETRIC_VERIFICATION'), { ...none, biometrics }, A);
    expect(d.status).toBe(status);
    expect(d.satisfiedBy?.biometric_verification_id ?? null).toBe(id);
  });

  const answer = (text: string, at: number, refused = false, ids: string[] = []) => ({
    id: `a${at}`,
    answer: text,
    onboardingDocumentIds: ids,
    refused,
    createdAt: new Date(at),
  });
  it.each([
    ['INFORMATION', [], [], 'PENDING', null],
    ['INFORMATION', [answer('x', 1)], [], 'SATISFIED', 'x'],
    ['INFORMATION', [answer('x', 1, true)], [], 'REJECTED', null],
    ['INFORMATION', [answer('x', 1, true), answer('y', 2)], [], 'SATISFIED', 'y'],
    [
      'EVIDENCE_PACKAGE',
      [answer('p', 1, false, ['d1', 'd2'])],
      [{ ...doc('OTHER', 'REFUSED'), id: 'd1' }],
      'SATISFIED',
      'p',
    ],
    ['EVIDENCE_PACKAGE', [answer('p', 1, false, ['d1'])], [{ ...doc('OTHER', 'REFUSED'), id: 'd1' }], 'REJECTED', null],
  ] as const)('answers %s %#', (type, answers, documents, status, text) => {
    const d = deriveRequirement(req(type), { documents, biometrics: [], answers }, A);
    expect(d.status).toBe(status);
    expect(d.satisfiedBy?.answer ?? null).toBe(text);
    if (type === 'EVIDENCE_PACKAGE' && status === 'SATISFIED')
      expect(d.satisfiedBy?.onboarding_document_ids).toEqual(['d2']);
  });

  it('affiliation status', () => {
    expect(affiliationStatusFor([])).toBe('ACTIVE');
    expect(affiliationStatusFor(['SATISFIED', 'WAIVED'])).toBe('ACTIVE');
    expect(affiliationStatusFor(['SATISFIED', 'REJECTED'])).toBe('WAITING_DOCUMENTS');
    expect(affiliationStatusFor(['PENDING'])).toBe('WAITING_DOCUMENTS');
  });

  it('shares only approved documents, and pairs from one company', () => {
    const mk = (fileType: string, companyId: string, status: EvidenceDocument['status'] = 'APPROVED') => ({
      ...doc(fileType, status),
      companyId,
    });
    expect(pickShared('IDENTITY_DOCUMENT', CPF, [mk('CNH_FRONT', 'c1'), mk('CNH_BACK', 'c2')], A)).toBeNull();
    const front = mk('CNH_FRONT', 'c1'),
      back = mk('CNH_BACK', 'c1');
    expect(pickShared('IDENTITY_DOCUMENT', CPF, [front, back], A)).toEqual([front.id, back.id]);
    expect(pickShared('PROOF_OF_ADDRESS', CPF, [mk('PROOF_OF_ADDRESS', 'c1', 'PENDING_REVIEW')], A)).toBeNull();
  });
});

// ---- properties

const subjects = [CPF, CONTACT];
const shapeArb: fc.Arbitrary<CompanyShapeFacts> = fc.oneof(
  fc.record({ pep: fc.boolean() }).map(({ pep }) => cpfShape({ politically_exposed: pep })),
  fc
    .record({
      tax: fc.constantFrom('PJ' as const, 'MEI' as const, 'ME' as const),
      role: fc.constantFrom(undefined, 'PARTNER', 'ATTORNEY', 'EMPLOYEE'),
      pep: fc.boolean(),
      contact: fc.constantFrom(...subjects),
      revenue: fc.constantFrom(0, 4_799_999, 4_800_000, 10_000_000),
    })
    .map((s) => cnpjShape(s.tax, { role: s.role, politically_exposed: s.pep, document_number: s.contact }, s.revenue)),
);

/** What the service does with a plan, in memory. */
function apply(rows: StoredRow[], plan: ReturnType<typeof reconcileBase>, nextId: () => string): StoredRow[] {
  const out = rows.map((r) =>
    plan.waive.includes(r.id)
      ? { ...r, waivedBy: 'SHAPE' as const }
      : plan.restore.includes(r.id)
        ? { ...r, waivedBy: null }
        : r,
  );
  return [
    ...out,
    ...plan.insert.map((i) => ({
      id: nextId(),
      origin: 'BASE' as const,
      type: i.type,
      subjectDocumentNumber: i.subjectDocumentNumber,
      waivedBy: null,
    })),
  ];
}

describe('properties', () => {
  it('reading twice changes nothing, BASE rows stay unique, and a row keeps its id through waive and restore', () => {
    fc.assert(
      fc.property(
        fc.array(shapeArb, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(20), { maxLength: 3 }),
        (shapes, staffWaivers) => {
          let n = 0;
          const nextId = () => `id-${n++}`;
          let rows: StoredRow[] = [];
          const idsByKey = new Map<string, string>();
          for (const shape of shapes) {
            const desired = baseRequirementSet('PROVIDER_A', shape);
            rows = apply(rows, reconcileBase(rows, desired), nextId);
            rows = rows.map((r, i) => (staffWaivers.includes(i) ? { ...r, waivedBy: 'STAFF' as const } : r));
            const again = reconcileBase(rows, desired);
            expect(again).toEqual({ insert: [], waive: [], restore: [] });
            const keys = rows.map((r) => `${r.type}/${r.subjectDocumentNumber}`);
            expect(new Set(keys).size).toBe(keys.length);
            for (const r of rows) {
              const key = `${r.type}/${r.subjectDocumentNumber}`;
              expect(idsByKey.get(key) ?? r.id).toBe(r.id);
              idsByKey.set(key, r.id);
            }
            // Active rows are exactly the desired ones (staff waivers aside).
            const active = rows
              .filter((r) => r.waivedBy === null)
              .map((r) => `${r.type}/${r.subjectDocumentNumber}`)
              .sort();
            const wanted = desired
              .map((d) => `${d.type}/${d.subjectDocumentNumber}`)
              .filter((k) => rows.find((r) => `${r.type}/${r.subjectDocumentNumber}` === k)?.waivedBy !== 'STAFF')
              .sort();
            expect(active).toEqual(wanted);
          }
        },
      ),
    );
  });

  const docArb = fc
    .record({
      fileType: fc.constantFrom(
        'CNH_FRONT',
        'CNH_BACK',
        'CNH_DIGITAL',
        'RG_FRONT',
        'RG_BACK',
        'RNE_FRONT',
        'RNE_BACK',
        'PROOF_OF_ADDRESS',
        'OTHER',
        'SELFIE',
      ),
      status: fc.constantFrom('PENDING_REVIEW' as const, 'APPROVED' as const, 'REFUSED' as const),
      at: fc.integer({ min: 0, max: 50 }),
      subject: fc.constantFrom(...subjects),
      id: fc.uuid(),
    })
    .map((d) => ({
      id: d.id,
      fileType: d.fileType,
      status: d.status,
      subjectDocumentNumber: d.subject,
      createdAt: new Date(d.at),
    }));

  it('derivation is deterministic, order-independent, and satisfied_by is null unless SATISFIED', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REQUIREMENT_TYPES),
        fc.boolean(),
        fc.uniqueArray(docArb, { selector: (d) => d.id, maxLength: 8 }),
        fc.constantFrom(A, B),
        (type, waived, documents, accepts) => {
          const r = { type, subjectDocumentNumber: CPF, waived };
          const first = deriveRequirement(r, { ...none, documents }, accepts);
          expect(deriveRequirement(r, { ...none, documents: [...documents].reverse() }, accepts)).toEqual(first);
          expect(first.satisfiedBy === null).toBe(first.status !== 'SATISFIED');
          if (waived) expect(first.status).toBe('WAIVED');
          for (const id of first.satisfiedBy?.onboarding_document_ids ?? []) {
            const d = documents.find((x) => x.id === id)!;
            expect(d.status).not.toBe('REFUSED');
            expect(d.subjectDocumentNumber).toBe(CPF);
          }
        },
      ),
    );
  });

  it('every field of the view is always present', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REQUIREMENT_TYPES),
        fc.constantFrom('BASE' as const, 'STAFF' as const, 'PROVIDER_REQUEST' as const),
        fc.constantFrom(null, 'STAFF' as const, 'SHAPE' as const),
        fc.uniqueArray(docArb, { selector: (d) => d.id, maxLength: 4 }),
        (type, origin, waivedBy, documents) => {
          const row: RequirementRow = {
            id: '9b2f7c1e-0000-4000-8000-000000000000',
            seq: 1,
            companyId: 'c',
            organizationId: 'o',
            provider: 'PROVIDER_A',
            type,
            subjectDocumentNumber: CPF,
            subjectRole: 'COMPANY',
            origin,
            description: origin === 'BASE' ? null : 'why',
            status: 'PENDING',
            waivedBy,
            waivedAt: waivedBy ? new Date() : null,
            waiveReason: null,
            createdAt: new Date(),
            updatedAt: new Date(),
          };
          const view = toRequirementView(
            row,
            deriveRequirement(
              { type, subjectDocumentNumber: CPF, waived: waivedBy !== null },
              { ...none, documents },
              A,
            ),
            A,
          );
          for (const value of Object.values(view)) expect(value).not.toBeUndefined();
          expect(Object.keys(view)).toHaveLength(14);
          expect(view.waived_at === null).toBe(view.status !== 'WAIVED');
          if (view.satisfied_by)
            expect(Object.keys(view.satisfied_by).sort()).toEqual([
              'answer',
              'biometric_verification_id',
              'onboarding_document_ids',
            ]);
        },
      ),
    );
  });
});
