// The configuration (src/runtime/config.ts) is read by lower layers too (TLS, secrets, the OpenAPI servers), which
// never import the composition root's files; this keeps the root's short import path.
export * from './runtime/config.js';
