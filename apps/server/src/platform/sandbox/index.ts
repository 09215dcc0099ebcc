/** The local code sandbox (issue 37): the interface the execute_code tool and the Run button use. */
export { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';
export { sandboxOptionsFromEnv } from './sandbox-env.js';
export { sandboxSessionId } from './sessions.js';
export {
  DEFAULT_SANDBOX_LIMITS,
  SANDBOX_LANGUAGES,
  SandboxUnavailableError,
  type ProducedFile,
  type RunCodeRequest,
  type RunCodeResult,
  type SandboxInputFile,
  type SandboxLanguage,
  type SandboxLimitName,
  type SandboxLimits,
  type SandboxStatus,
} from './sandbox-types.js';
