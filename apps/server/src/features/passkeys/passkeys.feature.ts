import { DEFAULT_APP_TITLE, PASSKEY_PATHS } from '@confab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { refuseWhenLimited } from '../../platform/limiter.js';
import { parseInput } from '../../platform/parse.js';
import type { AccountSecurityDeps } from '../auth/account-security-deps.js';
import { clientOf, setRefreshCookie } from '../auth/auth-cookies.js';
import type { SignedIn } from '../auth/auth.service.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import {
  loginVerifySchema,
  registerVerifySchema,
  renameSchema,
  secondFactorOptionsSchema,
  secondFactorVerifySchema,
} from './passkey-inputs.js';
import { PasskeysService } from './passkeys.service.js';
import { relyingPartyOf } from './relying-party.js';

const DEFAULT_NAME = 'Passkey';

/**
 * Passkeys (beyond LibreChat): registered in Settings → Account, a sign-in without an email (the
 * passkey with user verification is both factors), and a second factor for a pending login.
 */
export async function registerPasskeys(app: FastifyInstance, deps: AccountSecurityDeps): Promise<void> {
  const { env, config } = deps;
  const db = app.db.kysely;
  const service = new PasskeysService(db, deps.auth, deps.auth.policy.requireVerifiedEmail ?? false);
  const appTitle = env.APP_TITLE || config.appTitle || DEFAULT_APP_TITLE;
  const rpOf = (request: FastifyRequest) => relyingPartyOf(env, request, appTitle);
  // Sign-in ceremonies per IP: each start counts, and each failed answer.
  const perIp = deps.limiter({
    keyPrefix: 'passkey_ip',
    points: env.LOGIN_IP_MAX,
    durationSeconds: env.LOGIN_WINDOW * 60,
  });
  const what = 'Too many passkey sign-in attempts';
  const countFailure = async <T>(request: FastifyRequest, attempt: Promise<T>): Promise<T> => {
    try {
      return await attempt;
    } catch (err) {
      await perIp.consume(request.ip);
      throw err;
    }
  };
  const signIn = (request: FastifyRequest, reply: FastifyReply, signed: SignedIn) => {
    setRefreshCookie(request, reply, signed);
    return { token: signed.token, user: signed.user };
  };
  const currentUser = async (request: FastifyRequest): Promise<UserRow> => {
    const user = await findUserById(db, request.user.id);
    if (!user) throw new AppError('unauthorized', 'User not found');
    return user;
  };
  const auth = { preHandler: app.authenticate };

  app.get(PASSKEY_PATHS.list, auth, async (request) => service.list(request.user.id));

  app.post(PASSKEY_PATHS.registerOptions, auth, async (request) =>
    service.registrationOptions(await currentUser(request), rpOf(request)),
  );

  app.post(PASSKEY_PATHS.registerVerify, auth, async (request) => {
    const input = parseInput(registerVerifySchema, request.body);
    return service.register(await currentUser(request), input.response, input.name ?? DEFAULT_NAME, rpOf(request));
  });

  app.patch<{ Params: { id: string } }>(PASSKEY_PATHS.item, auth, async (request) => {
    const input = parseInput(renameSchema, request.body);
    return service.rename(request.user.id, request.params.id, input.name);
  });

  app.delete<{ Params: { id: string } }>(PASSKEY_PATHS.item, auth, async (request, reply) => {
    await service.remove(request.user.id, request.params.id);
    return reply.status(204).send();
  });

  app.post(PASSKEY_PATHS.loginOptions, async (request, reply) => {
    await refuseWhenLimited(reply, what, perIp.consume(request.ip));
    return service.loginOptions(rpOf(request));
  });

  app.post(PASSKEY_PATHS.loginVerify, async (request, reply) => {
    await refuseWhenLimited(reply, what, perIp.check(request.ip));
    const input = parseInput(loginVerifySchema, request.body);
    const signed = await countFailure(
      request,
      service.login(input.challengeId, input.response, rpOf(request), clientOf(request)),
    );
    return signIn(request, reply, signed);
  });

  app.post(PASSKEY_PATHS.secondFactorOptions, async (request, reply) => {
    await refuseWhenLimited(reply, what, perIp.consume(request.ip));
    const input = parseInput(secondFactorOptionsSchema, request.body);
    return service.secondFactorOptions(input.tempToken, rpOf(request));
  });

  app.post(PASSKEY_PATHS.secondFactorVerify, async (request, reply) => {
    await refuseWhenLimited(reply, what, perIp.check(request.ip));
    const input = parseInput(secondFactorVerifySchema, request.body);
    const signed = await countFailure(request, service.secondFactor(input, rpOf(request), clientOf(request)));
    return signIn(request, reply, signed);
  });
}
