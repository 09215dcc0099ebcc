import { AppError } from '../../platform/errors.js';
import type { EndpointDefinition } from '../endpoint-catalog.js';
import type { ChatProvider } from '../types.js';

/**
 * PLACEHOLDER (issue 25, being built): a GGUF model of DATA_DIR/models run in this process by
 * node-llama-cpp. Until then a Local endpoint is never listed, and a call says so.
 */
export function createLocalModelProvider(endpoint: EndpointDefinition): ChatProvider {
  const refuse = (): never => {
    throw new AppError('validation_error', `${endpoint.name} is not available on this server`, {
      code: 'unknown_endpoint',
    });
  };
  return { stream: refuse, complete: refuse };
}
