import type { EventConsumer } from '../../events/consumers.js';
import { enqueueMessages } from './messages.repo.js';

/** The first event consumer: queues each event's webhook message in the event's own transaction. */
export const webhookDeliveryConsumer: EventConsumer = async (tx, rows) => {
  await enqueueMessages(tx, rows);
};
