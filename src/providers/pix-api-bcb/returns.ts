import { textOf } from '../../kernel/text.js';
import { cents } from './bodies.js';

/**
 * A charge's devoluções (R3.7), as the connector's reads and the callbacks (./callbacks.ts) both read them: apart
 * from the connector, so the callbacks do not import it (the connector parses callbacks).
 */
export interface PixReturn {
  id: string;
  rtrId: string | null;
  amount: number;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  nature: string | null;
  reason: string | null;
  paymentEndToEndId: string;
}

export const RETURN_STATUS: Record<string, PixReturn['status']> = {
  EM_PROCESSAMENTO: 'PENDING',
  DEVOLVIDO: 'SUCCEEDED',
  NAO_REALIZADO: 'FAILED',
};

export function returnsOf(pix: Record<string, unknown>, paymentEndToEndId: string): PixReturn[] {
  const raw = pix.devolucoes;
  // One of the document's own callback examples sends a single object: read it as a one-element array (R3.7).
  const list = (Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? [raw] : []) as Array<
    Record<string, unknown>
  >;
  return list.map((d) => ({
    id: String(d.id),
    rtrId: d.rtrId ? textOf(d.rtrId) : null,
    amount: cents(String(d.valor)),
    status: RETURN_STATUS[String(d.status)] ?? 'PENDING',
    nature: d.natureza ? textOf(d.natureza) : null,
    reason: d.motivo ? textOf(d.motivo) : null,
    paymentEndToEndId,
  }));
}
