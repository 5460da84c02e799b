import type { ZipcodeResult } from './zipcodes.client.js';

/** Bundled sample data for the sandbox when no ZIPCODE_SERVICE_URL is set (product.md §11). */
export const SANDBOX_ZIPCODES: Record<string, Omit<ZipcodeResult, 'zipcode'>> = {
  '01310100': { street: 'Avenida Paulista', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
  '01001000': { street: 'Praça da Sé', neighborhood: 'Sé', city: 'São Paulo', state: 'SP' },
  '04538133': { street: 'Avenida Brigadeiro Faria Lima', neighborhood: 'Itaim Bibi', city: 'São Paulo', state: 'SP' },
  '20040002': { street: 'Rua da Assembleia', neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' },
  '22021001': { street: 'Avenida Atlântica', neighborhood: 'Copacabana', city: 'Rio de Janeiro', state: 'RJ' },
  '30130010': { street: 'Praça Sete de Setembro', neighborhood: 'Centro', city: 'Belo Horizonte', state: 'MG' },
  '40020000': { street: 'Praça Castro Alves', neighborhood: 'Centro', city: 'Salvador', state: 'BA' },
  '70040010': { street: 'Eixo Monumental', neighborhood: 'Zona Cívico-Administrativa', city: 'Brasília', state: 'DF' },
  '80010000': { street: 'Praça Tiradentes', neighborhood: 'Centro', city: 'Curitiba', state: 'PR' },
  '90010000': { street: 'Praça Marechal Deodoro', neighborhood: 'Centro Histórico', city: 'Porto Alegre', state: 'RS' },
};
