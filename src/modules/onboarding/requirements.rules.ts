/**
 * The requirement engine, as pure functions (product.md §6, platform-api.md "Onboarding requirement"):
 * the provider base set from the company shape, reconciliation of stored BASE rows against it, and the
 * status and `satisfied_by` derived from held evidence. No I/O here: the service feeds rows in and persists
 * what comes out.
 */
import { IDENTITY_DOCUMENT_TYPES } from '../../providers/port.js';
import type {
  BiometricStatus,
  DocumentStatus,
  RequirementOrigin,
  RequirementStatus,
  SubjectRole,
} from '../../db/schema/onboarding.js';

export const REQUIREMENT_TYPES = [
  'IDENTITY_DOCUMENT',
  'BIOMETRIC_VERIFICATION',
  'ARTICLES_OF_INCORPORATION',
  'POWER_OF_ATTORNEY',
  'PROOF_OF_ADDRESS',
  'PROOF_OF_INCOME',
  'FINANCIAL_STATEMENT',
  'INFORMATION',
  'EVIDENCE_PACKAGE',
  'OTHER',
] as const;
export type RequirementType = (typeof REQUIREMENT_TYPES)[number];

/** Types a single document of the same name meets. */
export const SAME_NAME_DOCUMENT_TYPES = [
  'ARTICLES_OF_INCORPORATION',
  'POWER_OF_ATTORNEY',
  'PROOF_OF_ADDRESS',
  'PROOF_OF_INCOME',
  'FINANCIAL_STATEMENT',
  'OTHER',
] as const;
/** Types met by documents (the ones sharing across organizations can meet). */
export const isDocumentRequirement = (type: string) =>
  type === 'IDENTITY_DOCUMENT' || (SAME_NAME_DOCUMENT_TYPES as readonly string[]).includes(type);
/** Only these take answers (product.md §6). */
export const ANSWERABLE_TYPES = ['INFORMATION', 'EVIDENCE_PACKAGE'] as const;
export const takesAnswers = (type: string) => (ANSWERABLE_TYPES as readonly string[]).includes(type);

/** Financial statement threshold: annual declared revenue in whole BRL. */
export const FINANCIAL_STATEMENT_REVENUE = 4_800_000;

export interface CompanyShapeFacts {
  documentType: 'CPF' | 'CNPJ';
  documentNumber: string;
  taxType: 'PF' | 'PJ' | 'MEI' | 'ME';
  contact: { document_number?: unknown; role?: unknown; politically_exposed?: unknown };
  declaredRevenue: number;
}

export interface BaseItem {
  type: RequirementType;
  subjectRole: SubjectRole;
  subjectDocumentNumber: string;
}

/** The `BASE` rows a provider calls for, in the order of product.md §6's table. Only PROVIDER_A has a base set. */
export function baseRequirementSet(provider: string, shape: CompanyShapeFacts): BaseItem[] {
  if (provider !== 'PROVIDER_A') return [];
  const company = shape.documentNumber;
  // A CPF company's contact defaults to the company's CPF (product.md §5).
  const contact =
    typeof shape.contact.document_number === 'string' && shape.contact.document_number
      ? shape.contact.document_number
      : company;
  const items: BaseItem[] = [];
  const add = (type: RequirementType, subjectRole: SubjectRole, subjectDocumentNumber: string) =>
    items.push({ type, subjectRole, subjectDocumentNumber });
  if (shape.documentType === 'CPF') {
    add('IDENTITY_DOCUMENT', 'COMPANY', company);
    add('BIOMETRIC_VERIFICATION', 'COMPANY', company);
    add('PROOF_OF_ADDRESS', 'COMPANY', company);
  } else {
    add('IDENTITY_DOCUMENT', 'CONTACT', contact);
    add('PROOF_OF_ADDRESS', 'COMPANY', company);
    if (shape.taxType === 'PJ' || shape.taxType === 'ME') {
      add('ARTICLES_OF_INCORPORATION', 'COMPANY', company);
      add('BIOMETRIC_VERIFICATION', 'CONTACT', contact);
    }
    if (shape.contact.role !== 'PARTNER') add('POWER_OF_ATTORNEY', 'CONTACT', contact);
    if (shape.taxType === 'PJ' && shape.declaredRevenue >= FINANCIAL_STATEMENT_REVENUE)
      add('FINANCIAL_STATEMENT', 'COMPANY', company);
  }
  if (shape.contact.politically_exposed === true) add('PROOF_OF_INCOME', 'CONTACT', contact);
  return items;
}

/** `accepted_document_types`: the identity family or the type of the same name, each only if the provider accepts it. */
export function acceptedDocumentTypes(type: string, providerAccepts: readonly string[]): string[] | null {
  if (type === 'IDENTITY_DOCUMENT') return IDENTITY_DOCUMENT_TYPES.filter((t) => providerAccepts.includes(t));
  if ((SAME_NAME_DOCUMENT_TYPES as readonly string[]).includes(type))
    return providerAccepts.includes(type) ? [type] : [];
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Reconciliation of BASE rows

export interface StoredRow {
  id: string;
  origin: RequirementOrigin;
  type: string;
  subjectDocumentNumber: string;
  waivedBy: 'STAFF' | 'SHAPE' | null;
}

export interface ReconcilePlan {
  insert: BaseItem[];
  /** BASE rows the shape no longer calls for: waived by shape. */
  waive: string[];
  /** Shape-waived BASE rows the shape calls for again: the same row comes back. */
  restore: string[];
}

const baseKey = (type: string, subject: string) => `${type}\u0000${subject}`;

/**
 * Compares stored rows with the base set. Staff waivers are never touched (they stand whatever the shape);
 * only shape waivers are lifted. Rows are matched on (type, subject), the unique key of BASE rows.
 */
export function reconcileBase(stored: readonly StoredRow[], desired: readonly BaseItem[]): ReconcilePlan {
  const wanted = new Map<string, BaseItem>();
  for (const item of desired)
    if (!wanted.has(baseKey(item.type, item.subjectDocumentNumber)))
      wanted.set(baseKey(item.type, item.subjectDocumentNumber), item);
  const plan: ReconcilePlan = { insert: [], waive: [], restore: [] };
  const present = new Set<string>();
  for (const row of stored) {
    if (row.origin !== 'BASE') continue;
    const key = baseKey(row.type, row.subjectDocumentNumber);
    present.add(key);
    if (wanted.has(key)) {
      if (row.waivedBy === 'SHAPE') plan.restore.push(row.id);
    } else if (row.waivedBy === null) {
      plan.waive.push(row.id);
    }
  }
  for (const [key, item] of wanted) if (!present.has(key)) plan.insert.push(item);
  return plan;
}

// ---------------------------------------------------------------------------------------------------------
// Evidence -> status and satisfied_by

export interface EvidenceDocument {
  id: string;
  fileType: string;
  subjectDocumentNumber: string;
  status: DocumentStatus;
  createdAt: Date;
}

export interface EvidenceBiometric {
  id: string;
  subjectDocumentNumber: string;
  status: BiometricStatus;
  createdAt: Date;
}

export interface EvidenceAnswer {
  id: string;
  answer: string;
  onboardingDocumentIds: string[];
  refused: boolean;
  createdAt: Date;
}

export interface SatisfiedBy {
  onboarding_document_ids: string[];
  biometric_verification_id: string | null;
  answer: string | null;
}

export interface Derived {
  status: RequirementStatus;
  satisfiedBy: SatisfiedBy | null;
}

export interface RequirementFacts {
  type: string;
  subjectDocumentNumber: string;
  /** Waived by staff, or BASE row the shape no longer calls for. */
  waived: boolean;
}

export interface Evidence {
  /** The company's documents (any subject; filtered here). */
  documents: readonly EvidenceDocument[];
  biometrics: readonly EvidenceBiometric[];
  /** Answers recorded on this requirement. */
  answers: readonly EvidenceAnswer[];
}

/** Newest first; the id breaks ties so the choice is deterministic. */
const newerFirst = <T extends { createdAt: Date; id: string }>(a: T, b: T) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const usable = (d: EvidenceDocument) => d.status !== 'REFUSED';
const IDENTITY_FAMILIES = ['CNH', 'RG', 'RNE'] as const;

/** Documents of the subject whose type meets `type` at the provider (refused ones included). */
export function documentEvidence<D extends EvidenceDocument>(
  type: string,
  subject: string,
  docs: readonly D[],
  providerAccepts: readonly string[],
): D[] {
  const accepted = acceptedDocumentTypes(type, providerAccepts) ?? [];
  return docs.filter((d) => d.subjectDocumentNumber === subject && accepted.includes(d.fileType));
}

/**
 * The documents that meet a document requirement, newest evidence winning: a CNH_DIGITAL alone, or the
 * newest front and back of one identity family; for other types the newest document of the same type.
 * `docs` must already be this requirement's evidence and usable.
 */
export function bestDocuments(type: string, docs: readonly EvidenceDocument[]): { ids: string[]; at: number } | null {
  const sorted = [...docs].sort(newerFirst);
  if (type !== 'IDENTITY_DOCUMENT')
    return sorted[0] ? { ids: [sorted[0].id], at: sorted[0].createdAt.getTime() } : null;
  const candidates: { ids: string[]; at: number }[] = [];
  const digital = sorted.find((d) => d.fileType === 'CNH_DIGITAL');
  if (digital) candidates.push({ ids: [digital.id], at: digital.createdAt.getTime() });
  for (const family of IDENTITY_FAMILIES) {
    const front = sorted.find((d) => d.fileType === `${family}_FRONT`);
    const back = sorted.find((d) => d.fileType === `${family}_BACK`);
    if (front && back)
      candidates.push({ ids: [front.id, back.id], at: Math.max(front.createdAt.getTime(), back.createdAt.getTime()) });
  }
  // Stable order above (digital, CNH, RG, RNE) breaks equal timestamps deterministically.
  return candidates.reduce<{ ids: string[]; at: number } | null>(
    (best, c) => (best === null || c.at > best.at ? c : best),
    null,
  );
}

const satisfied = (partial: Partial<SatisfiedBy>): Derived => ({
  status: 'SATISFIED',
  satisfiedBy: { onboarding_document_ids: [], biometric_verification_id: null, answer: null, ...partial },
});
const plain = (status: RequirementStatus): Derived => ({ status, satisfiedBy: null });

/** A requirement's status from its evidence (product.md §6 "Evidence and derived status"). */
export function deriveRequirement(
  req: RequirementFacts,
  evidence: Evidence,
  providerAccepts: readonly string[],
): Derived {
  if (req.waived) return plain('WAIVED');
  if (req.type === 'BIOMETRIC_VERIFICATION') {
    const mine = evidence.biometrics
      .filter((b) => b.subjectDocumentNumber === req.subjectDocumentNumber)
      .sort(newerFirst);
    const approved = mine.find((b) => b.status === 'APPROVED');
    if (approved) return satisfied({ biometric_verification_id: approved.id });
    if (mine.some((b) => b.status === 'PENDING')) return plain('PENDING');
    return plain(mine.length > 0 ? 'REJECTED' : 'PENDING');
  }
  if (req.type === 'INFORMATION' || req.type === 'EVIDENCE_PACKAGE') {
    const answers = [...evidence.answers].sort(newerFirst);
    const refusedDocs = new Set(evidence.documents.filter((d) => d.status === 'REFUSED').map((d) => d.id));
    for (const a of answers) {
      if (a.refused) continue;
      if (req.type === 'INFORMATION') return satisfied({ answer: a.answer });
      const kept = a.onboardingDocumentIds.filter((id) => !refusedDocs.has(id));
      // A package whose every file was refused is no longer usable evidence.
      if (kept.length > 0) return satisfied({ onboarding_document_ids: kept, answer: a.answer });
    }
    return plain(answers.length > 0 ? 'REJECTED' : 'PENDING');
  }
  if (isDocumentRequirement(req.type)) {
    const all = documentEvidence(req.type, req.subjectDocumentNumber, evidence.documents, providerAccepts);
    const best = bestDocuments(req.type, all.filter(usable));
    if (best) return satisfied({ onboarding_document_ids: best.ids });
    return plain(all.length > 0 && all.every((d) => !usable(d)) ? 'REJECTED' : 'PENDING');
  }
  return plain('PENDING');
}

// ---------------------------------------------------------------------------------------------------------
// Sharing and affiliations

export interface ShareableDocument extends EvidenceDocument {
  companyId: string;
}

/**
 * For a PENDING document requirement: the documents of other organizations (already filtered to APPROVED,
 * sharing, same subject) that would meet it here. Pairs come from one company so a copied identity pair is
 * one person's validated document. Returns the ids to copy, newest evidence first, or null.
 */
export function pickShared(
  type: string,
  subject: string,
  candidates: readonly ShareableDocument[],
  providerAccepts: readonly string[],
): string[] | null {
  const evidence = documentEvidence(type, subject, candidates, providerAccepts).filter((d) => d.status === 'APPROVED');
  const byCompany = new Map<string, ShareableDocument[]>();
  for (const d of evidence) byCompany.set(d.companyId, [...(byCompany.get(d.companyId) ?? []), d]);
  let best: { ids: string[]; at: number } | null = null;
  for (const company of [...byCompany.keys()].sort()) {
    const found = bestDocuments(type, byCompany.get(company)!);
    if (found && (best === null || found.at > best.at)) best = found;
  }
  return best?.ids ?? null;
}

/** An affiliation waits while any requirement is PENDING or REJECTED; ACTIVE when all are SATISFIED or WAIVED. */
export function affiliationStatusFor(statuses: readonly RequirementStatus[]): 'ACTIVE' | 'WAITING_DOCUMENTS' {
  return statuses.some((s) => s === 'PENDING' || s === 'REJECTED') ? 'WAITING_DOCUMENTS' : 'ACTIVE';
}
