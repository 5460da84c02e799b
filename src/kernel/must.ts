// `must` is pure and read by every layer, the database's included (which the kernel builds on): it lives in
// src/domain/must.ts; this keeps the kernel's import path.
export { must } from '../domain/must.js';
