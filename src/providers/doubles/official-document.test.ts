import { describe, expect, it } from 'vitest';
import { adyenCheckoutDocument, pixApiDocument } from './documents.js';

describe('official documents as validators', () => {
  it('accepts a request shaped by the Adyen document and names what is wrong in one that is not', () => {
    const doc = adyenCheckoutDocument();
    const body = {
      merchantAccount: 'M',
      reference: 'r',
      amount: { currency: 'BRL', value: 100 },
      returnUrl: 'https://example.com/r',
      paymentMethod: {
        type: 'scheme',
        number: '4111111111111111',
        expiryMonth: '03',
        expiryYear: '2030',
        holderName: 'A B',
        fundingSource: 'credit',
      },
    };
    expect(doc.checkRequest({ method: 'POST', path: '/payments', headers: { 'Idempotency-Key': 'k' }, body })).toEqual(
      [],
    );
    const problems = doc.checkRequest({
      method: 'POST',
      path: '/payments',
      body: { ...body, bogus: 1, amount: { value: 'x' } },
    });
    expect(problems.join('\n')).toMatch(/additional properties/);
    expect(problems.join('\n')).toMatch(/currency/);
    expect(doc.checkRequest({ method: 'POST', path: '/nope' })).toEqual(['the document has no POST /nope']);
  });

  it('checks API Pix path parameters and bodies (YAML, OpenAPI 3.0)', () => {
    const doc = pixApiDocument();
    const body = {
      calendario: { expiracao: 3600 },
      valor: { original: '19.90', modalidadeAlteracao: 0 },
      chave: 'loja@example.com',
    };
    expect(
      doc.checkRequest({ method: 'PUT', path: '/cob/{txid}', pathParams: { txid: 'a'.repeat(32) }, body }),
    ).toEqual([]);
    const problems = doc
      .checkRequest({
        method: 'PUT',
        path: '/cob/{txid}',
        pathParams: { txid: 'a-b' },
        body: { valor: { original: '19.9' } },
      })
      .join('\n');
    expect(problems).toMatch(/path txid/);
    expect(problems).toMatch(/original/);
    expect(problems).toMatch(/chave/);
  });
});
