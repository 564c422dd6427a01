import { describe, expect, it } from 'vitest';
import { createSignInThrottle, LIMITS, lockedMessage } from '../src/auth/sign-in-throttle';

const MINUTE = 60_000;

function setup() {
  let time = 1_000_000;
  const throttle = createSignInThrottle(() => time);
  return {
    throttle,
    advance: (ms: number) => (time += ms),
    failTimes: (n: number, user: string, address: string) => {
      let last = throttle.check(user, address);
      for (let i = 0; i < n; i++) last = throttle.failed(user, address);
      return last;
    },
  };
}

describe('the sign-in throttle', () => {
  it('locks a username at one address after 5 failures, for a minute', () => {
    const { throttle, advance, failTimes } = setup();
    expect(failTimes(LIMITS.user - 1, 'admin', '10.0.0.1')).toEqual({ allowed: true });
    expect(throttle.failed('admin', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: MINUTE });
    expect(throttle.check('ADMIN ', '10.0.0.1').allowed).toBe(false);
    // Another address, or another user at this address, is not locked.
    expect(throttle.check('admin', '10.0.0.2').allowed).toBe(true);
    expect(throttle.check('planner', '10.0.0.1').allowed).toBe(true);
    advance(MINUTE - 1);
    expect(throttle.check('admin', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: 1 });
    advance(1);
    expect(throttle.check('admin', '10.0.0.1').allowed).toBe(true);
  });

  it('doubles the lock with every further failure, up to an hour', () => {
    const { throttle, advance, failTimes } = setup();
    failTimes(LIMITS.user, 'admin', '10.0.0.1');
    const locks: number[] = [];
    for (let i = 0; i < 8; i++) {
      const state = throttle.check('admin', '10.0.0.1');
      advance(state.allowed ? 0 : state.retryAfterMs);
      const next = throttle.failed('admin', '10.0.0.1');
      locks.push(next.allowed ? 0 : next.retryAfterMs / MINUTE);
    }
    expect(locks).toEqual([2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('forgets failures older than 15 minutes', () => {
    const { advance, failTimes } = setup();
    failTimes(LIMITS.user - 1, 'admin', '10.0.0.1');
    advance(15 * MINUTE);
    expect(failTimes(LIMITS.user - 1, 'admin', '10.0.0.1')).toEqual({ allowed: true });
  });

  it('keeps doubling while failures go on, and starts afresh after a quiet day', () => {
    const { throttle, advance, failTimes } = setup();
    failTimes(LIMITS.user, 'admin', '10.0.0.1');
    advance(20 * MINUTE);
    expect(throttle.failed('admin', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: 2 * MINUTE });
    advance(24 * 60 * MINUTE + 1);
    expect(failTimes(LIMITS.user - 1, 'admin', '10.0.0.1')).toEqual({ allowed: true });
  });

  it('clears the username+address counter on success', () => {
    const { throttle, failTimes } = setup();
    failTimes(LIMITS.user - 1, 'admin', '10.0.0.1');
    throttle.succeeded('admin', '10.0.0.1');
    expect(failTimes(LIMITS.user - 1, 'admin', '10.0.0.1')).toEqual({ allowed: true });
  });

  it('locks an address that tries many usernames, and a success does not clear that', () => {
    const { throttle, failTimes } = setup();
    for (let i = 0; i < LIMITS.address - 1; i++) failTimes(1, `user${i}`, '10.0.0.1');
    throttle.succeeded('planner', '10.0.0.1');
    expect(throttle.failed('someone', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: MINUTE });
    expect(throttle.check('planner', '10.0.0.1').allowed).toBe(false);
    expect(throttle.check('planner', '10.0.0.2').allowed).toBe(true);
  });

  it('says how long to wait in whole minutes', () => {
    expect(lockedMessage(MINUTE)).toBe('Too many failed sign-ins. Try again in 1 minute.');
    expect(lockedMessage(1)).toBe('Too many failed sign-ins. Try again in 1 minute.');
    expect(lockedMessage(MINUTE + 1)).toBe('Too many failed sign-ins. Try again in 2 minutes.');
  });
});
