import type { Db } from '../../kernel/database.ts';
import type { EventBus, Publish } from '../../kernel/events.ts';
import { otherPartyOf } from './policy.ts';
import { presentMessage, presentState } from './presenter.ts';
import { type QueuedMessage, type StoredMessage, storeMessagesAtOnce } from './store.ts';

/** Statements writing messages at once; more would only queue for the database's pool. */
const WRITES_IN_FLIGHT = 4;
/** Messages one statement writes at most. */
const MESSAGES_PER_WRITE = 200;

interface Waiting extends QueuedMessage {
  resolve(stored: StoredMessage): void;
  reject(error: unknown): void;
}

/**
 * Group commit for texts and photos: what arrives while earlier writes are under way is stored together in one
 * statement, so a busy server commits once for many messages instead of once each (bench/README.md, "Chat").
 * A quiet one writes each message at once (at the end of the event loop turn it arrived in).
 */
export class MessageWriter {
  private readonly db: Db;
  private readonly events: EventBus;
  private waiting: Waiting[] = [];
  private writing = 0;
  private scheduled = false;
  private readonly chatsBeingWritten = new Set<string>();

  constructor(db: Db, events: EventBus) {
    this.db = db;
    this.events = events;
  }

  store(queued: QueuedMessage): Promise<StoredMessage> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...queued, resolve, reject });
      // Messages read from many sockets in this turn of the event loop go together.
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.startWrites();
        });
      }
    });
  }

  private startWrites() {
    while (this.writing < WRITES_IN_FLIGHT) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      this.writing++;
      void this.write(batch).finally(() => {
        this.writing--;
        for (const entry of batch) this.chatsBeingWritten.delete(entry.chat.id);
        this.startWrites();
      });
    }
  }

  /**
   * The oldest waiting messages of conversations no write is storing now. Two writes never update the same
   * conversations (no deadlock between them), and a conversation's messages are numbered in arrival order.
   */
  private takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const taken = new Set<string>();
    for (const entry of this.waiting) {
      const free = taken.has(entry.chat.id) || !this.chatsBeingWritten.has(entry.chat.id);
      if (free && batch.length < MESSAGES_PER_WRITE) {
        batch.push(entry);
        taken.add(entry.chat.id);
      } else later.push(entry);
    }
    this.waiting = later;
    for (const chatId of taken) this.chatsBeingWritten.add(chatId);
    return batch;
  }

  private async write(batch: Waiting[]) {
    try {
      const stored = await this.events.transaction(this.db, async (tx, publish) => {
        const rows = await storeMessagesAtOnce(tx, batch);
        // Each new message's notice: stored with the messages (a follow-up for someone offline), live after.
        for (const [index, entry] of batch.entries()) publishNew(publish, entry, rows[index] as StoredMessage);
        return rows;
      });
      for (const [index, entry] of batch.entries()) entry.resolve(stored[index] as StoredMessage);
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      // One message the database refuses (its conversation just deleted) must not fail the others.
      else for (const entry of batch) await this.write([entry]);
    }
  }
}

function publishNew(publish: Publish, entry: QueuedMessage, stored: StoredMessage) {
  if (stored.duplicate) return;
  publish('chat.message', {
    kind: entry.notice.kind,
    message: presentMessage(stored.row),
    chat: presentState(stored.chat),
    actorId: entry.senderId,
    actorName: entry.notice.actorName,
    recipientId: otherPartyOf(entry.chat, entry.senderId),
  });
}
