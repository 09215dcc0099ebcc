import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from './auth.js';

const valid = { name: 'Ada', email: 'ada@example.com', password: 'p'.repeat(8), confirm_password: 'p'.repeat(8) };

describe('registerSchema', () => {
  it('accepts each limit at its bound', () => {
    expect(registerSchema.safeParse({ ...valid, name: 'a'.repeat(80), username: 'ab' }).success).toBe(true);
    const pw = 'x'.repeat(128);
    expect(registerSchema.safeParse({ ...valid, password: pw, confirm_password: pw }).success).toBe(true);
    const email = `${'a'.repeat(108)}@example.com`;
    expect(email).toHaveLength(120);
    expect(registerSchema.safeParse({ ...valid, email }).success).toBe(true);
  });
  it('refuses each limit past its bound', () => {
    expect(registerSchema.safeParse({ ...valid, name: 'ab' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, name: 'a'.repeat(81) }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, username: 'a' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, username: 'a'.repeat(81) }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, email: `${'a'.repeat(109)}@example.com` }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, password: 'short12', confirm_password: 'short12' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, confirm_password: 'different' }).success).toBe(false);
  });
  it('treats an empty username as absent', () => {
    expect(registerSchema.safeParse({ ...valid, username: '' }).success).toBe(true);
  });
});

describe('loginSchema', () => {
  it('requires a well-formed email and a password of 8 to 128', () => {
    expect(loginSchema.safeParse({ email: 'nope', password: 'p'.repeat(8) }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'p'.repeat(129) }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'p'.repeat(8) }).success).toBe(true);
  });
});
