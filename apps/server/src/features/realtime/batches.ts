import type { TopicMessage } from "@onstage/domain";

export interface TopicBatches {
  add(messages: readonly TopicMessage[]): void;
  /** Sends what is waiting now (a node shutting down hands its last messages on before it goes). */
  flush(): void;
}

/**
 * Issue 14 item 7: what each topic publishes within `tickMs` leaves as one batch per topic, so a busy
 * topic costs one write per subscriber per tick whatever its message rate. The tick starts with the first
 * message waiting, so a lone message waits at most `tickMs`; under load the batches grow instead of the
 * backlog.
 */
export function topicBatches(
  send: (topic: string, batch: TopicMessage[]) => void,
  tickMs: number,
): TopicBatches {
  let pending = new Map<string, TopicMessage[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const due = pending;
    pending = new Map();
    for (const [topic, batch] of due) send(topic, batch);
  };
  return {
    add(messages) {
      for (const message of messages) {
        const batch = pending.get(message.topic);
        if (batch) batch.push(message);
        else pending.set(message.topic, [message]);
      }
      timer ??= setTimeout(flush, tickMs);
    },
    flush,
  };
}
