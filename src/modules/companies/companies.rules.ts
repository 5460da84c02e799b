import type { ValidationIssue } from '../../kernel/errors.js';
import { documentTypeOf, type DocumentType } from '../../domain/brazilian-documents.js';

export type TaxType = 'PF' | 'PJ' | 'MEI' | 'ME';

export interface ShapeInput {
  documentNumber: string;
  taxType?: TaxType;
  contact: { document_number?: string; politically_exposed?: boolean } & Record<string, unknown>;
}

export interface CompanyShape {
  documentType: DocumentType;
  taxType: TaxType;
  contact: Record<string, unknown> & { document_number: string; politically_exposed: boolean };
}

/**
 * Derives a company's shape (product.md §5): a CPF is always `PF` and its contact defaults to the company's
 * CPF; a CNPJ needs a tax type of `PJ`, `MEI` or `ME` and a contact CPF. Returns issues instead of throwing
 * so create and patch report every problem at once.
 */
export function deriveCompanyShape(input: ShapeInput): { shape?: CompanyShape; issues: ValidationIssue[] } {
  const documentType = documentTypeOf(input.documentNumber);
  const issues: ValidationIssue[] = [];
  if (!documentType) {
    return {
      issues: [
        {
          field: 'document_number',
          type: 'INVALID_FORMAT',
          message: 'must be a CPF or a CNPJ',
          value: input.documentNumber,
        },
      ],
    };
  }
  let taxType = input.taxType;
  let contactDocument = input.contact.document_number;
  if (documentType === 'CPF') {
    if (taxType && taxType !== 'PF') {
      issues.push({
        field: 'document_tax_type',
        type: 'INVALID_ENUM',
        message: 'a CPF company is always PF',
        value: taxType,
        constraints: { allowed: ['PF'] },
      });
    }
    taxType = 'PF';
    contactDocument ??= input.documentNumber;
  } else {
    if (!taxType) {
      issues.push({
        field: 'document_tax_type',
        type: 'REQUIRED',
        message: 'document_tax_type is required for a CNPJ company',
      });
    } else if (taxType === 'PF') {
      issues.push({
        field: 'document_tax_type',
        type: 'INVALID_ENUM',
        message: 'a CNPJ company is PJ, MEI or ME',
        value: taxType,
        constraints: { allowed: ['PJ', 'MEI', 'ME'] },
      });
    }
    if (!contactDocument) {
      issues.push({
        field: 'contact.document_number',
        type: 'REQUIRED',
        message: 'contact.document_number (a CPF) is required for a CNPJ company',
      });
    }
  }
  if (issues.length > 0) return { issues };
  return {
    issues,
    shape: {
      documentType,
      taxType: taxType as TaxType,
      contact: {
        ...input.contact,
        document_number: contactDocument as string,
        politically_exposed: input.contact.politically_exposed ?? false,
      },
    },
  };
}

/** PATCH merges `contact` and `address` one level deep (a field left out keeps its value); the rest replaces. */
export function mergeNested<T extends Record<string, unknown>>(current: T, patch: Partial<T> | undefined): T {
  if (!patch) return current;
  const merged: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) merged[k] = v;
  return merged as T;
}
