/**
 * `{core}`: the platform's public core address, where providers call back (webhook URLs, Adyen's `returnUrl`).
 * `PUBLIC_BASE_URL/core` when configured; otherwise the address the server actually listens on, known only once
 * it listens (a server on port 0 learns its port then), hence a function read at each use.
 */
export type CoreUrl = string | (() => string);

export const coreUrlOf = (url: CoreUrl): string => (typeof url === 'string' ? url : url());
