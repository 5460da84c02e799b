// The adapters' failure vocabulary lives in the kernel (src/kernel/provider-errors.ts), which the use cases and the
// provider-operation records read too; this keeps the providers' short import path.
export * from '../kernel/provider-errors.js';
