import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import {
  auditRecordedEventSchema,
  consumerProblems,
  eventTypesMatching,
  EVENTS,
  SUBSCRIPTIONS,
  type AuditEventData,
  type EventData,
  type EventPayload,
} from './events.ts';
import { SERVICES } from './services.ts';

describe('the event catalogue', () => {
  it('every subscription names at least one event type of the catalogue', () => {
    for (const [subscriber, keys] of Object.entries(SUBSCRIPTIONS))
      for (const key of keys)
        assert.ok(eventTypesMatching(key).length > 0, `${subscriber}: "${key}" names no event of EVENTS`);
  });

  it('every service is a declared subscriber (even of nothing), and so is the gateway', () => {
    assert.deepEqual(Object.keys(SUBSCRIPTIONS).sort(), [...SERVICES.map((s) => s.name), 'gateway'].sort());
  });

  it('each event has a positive version and one producing service (or every service)', () => {
    const services = new Set<string>(SERVICES.map((s) => s.name));
    for (const [type, def] of Object.entries(EVENTS)) {
      assert.match(type, /^[a-z_]+\.[a-z_]+$/, `${type}: <subject>.<what happened>`);
      assert.ok(Number.isInteger(def.version) && def.version > 0, `${type}: version`);
      assert.ok(def.producer === '*' || services.has(def.producer), `${type}: producer ${def.producer}`);
      assert.ok(def.summary.length > 0, `${type}: summary`);
    }
  });

  it('consumerProblems names a subscription without a consumer, a consumer without one, and an unknown key', () => {
    assert.deepEqual(consumerProblems('catalogue', [...SUBSCRIPTIONS.catalogue]), []);
    assert.deepEqual(consumerProblems('money', [...SUBSCRIPTIONS.money]), []);
    assert.deepEqual(
      consumerProblems('bookings', [
        'resource.*',
        'blockout.*',
        'customer.erasure_requested',
        'user.deleted',
      ]),
      [
        'bookings is subscribed to "tenant.settings_changed" but has no consumer for it',
        'bookings is subscribed to "booking_money.changed" but has no consumer for it',
        'bookings consumes "user.deleted" but its subscriptions do not list it',
      ],
    );
    assert.deepEqual(consumerProblems('x', ['widget.*'], { x: ['widget.*'] }), [
      'x consumes "widget.*", which names no event type of the catalogue',
    ]);
  });

  it('the audit payload interface and its schema describe the same thing', () => {
    // Compile-time: each is assignable to the other (tsc runs on this file).
    const asInput = (d: AuditEventData): EventData<'audit.recorded'> => d;
    const asData = (d: EventPayload<'audit.recorded'>): AuditEventData => d;
    const entry: AuditEventData = {
      actorId: null,
      actorEmail: 'system',
      actorRole: 'system',
      action: 'customer_anonymised',
      targetType: 'customer',
      target: 'c1',
      targetLabel: null,
      ipAddress: null,
      additionalInfo: null,
      changes: { status: { old: undefined, new: 'x' } },
    };
    const overJson = JSON.parse(JSON.stringify(asInput(entry))) as z.input<typeof auditRecordedEventSchema>;
    assert.deepEqual(asData(auditRecordedEventSchema.parse(overJson)).changes, { status: { new: 'x' } });
  });

  it('identity.ts stays free of zod (the sign-in page imports it)', () => {
    const source = readFileSync(new URL('./identity.ts', import.meta.url), 'utf8');
    assert.doesNotMatch(source, /from ['"]zod['"]|from ['"]\.\/events/);
  });
});
