import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const ENCRYPTION_KEY_STATUSES = ['STANDBY', 'ACTIVE', 'RETIRING', 'RETIRED'] as const;
export type EncryptionKeyStatus = (typeof ENCRYPTION_KEY_STATUSES)[number];

/** Public halves and states of the card-data keys; the private halves are never stored here. */
export const encryptionKeys = pgTable('encryption_keys', {
  kid: text('kid').primaryKey(),
  ring: text('ring').notNull(),
  environment: text('environment').$type<'sandbox' | 'production'>().notNull(),
  status: text('status').$type<EncryptionKeyStatus>().notNull(),
  x: text('x').notNull(),
  y: text('y').notNull(),
  createdAt: ts('created_at').notNull(),
  activatedAt: ts('activated_at'),
  notAfter: ts('not_after'),
  retiredAt: ts('retired_at'),
  updatedAt: ts('updated_at').notNull(),
});

export type EncryptionKeyRow = typeof encryptionKeys.$inferSelect;
