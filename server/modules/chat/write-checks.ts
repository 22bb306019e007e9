import type { EventBus } from '../../kernel/events.ts';
import type { ChatRow } from './presenter.ts';

/**
 * How long a passed "may write here" check is reused for the next messages of the same person and chat: at
 * most REUSE_MS, and at least half of it, drawn at random so that checks made together (a server's busy
 * second) do not all expire together and ask the database at once (bench/README.md, "Chat").
 */
const REUSE_MS = 5_000;
const MAX_ENTRIES = 20_000;

/**
 * Sending a message asks four things (the conversation, the item, a block, the other account); a person
 * typing a conversation asks them again every few seconds. A passed check is reused for REUSE_MS; any block,
 * ban, deactivation or deleted item on this instance forgets them all at once. Another instance's block takes
 * effect here within REUSE_MS (the pub/sub port carries messages, not these events).
 */
export class WriteChecks {
  private readonly passed = new Map<string, { chat: ChatRow; until: number }>();

  constructor(events: EventBus) {
    const forget = () => this.passed.clear();
    events.on('user.blocked', forget);
    events.on('user.banned', forget);
    events.on('user.deactivated', forget);
    events.on('item.deleted', forget);
  }

  async check(userId: string, chatId: string, ask: () => Promise<ChatRow>): Promise<ChatRow> {
    const key = `${userId} ${chatId}`;
    const known = this.passed.get(key);
    if (known && known.until > Date.now()) return known.chat;
    const chat = await ask();
    if (this.passed.size >= MAX_ENTRIES) this.passed.clear();
    this.passed.set(key, { chat, until: Date.now() + REUSE_MS * (0.5 + Math.random() / 2) });
    return chat;
  }
}
