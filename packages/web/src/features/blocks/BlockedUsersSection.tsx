import { messages } from '@askbox/common';

/** Settings' 'Blocked users' list (spec §2). Filled in by the social-graph feature. */
export function BlockedUsersSection() {
  return (
    <section className="card" style={{ marginBottom: 'var(--space-4)' }} aria-labelledby="settings-blocked">
      <h2 id="settings-blocked" className="section-title" style={{ marginTop: 0 }}>
        {messages.blockedUsers}
      </h2>
      <p className="muted">{messages.noBlockedUsers}</p>
    </section>
  );
}
