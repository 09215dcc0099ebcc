/**
 * Where a meme's picture comes from (`imageUrlString`, SPEC 3): a gallery template, an image the
 * user attached (or a generated one), or a remote https URL fetched through the egress guard.
 * Implemented in meme-source-resolver.ts; the image and video tools both go through it.
 */
export interface MemeSource {
  data: Buffer;
  /** The server-derived type of `data`. */
  type: string;
  width: number;
  height: number;
  /** Where the browser loads the same picture from: the template's public path, or `/images/<userId>/<file_id>` (a remote picture is stored first). */
  sourceUrl: string;
}

export interface MemeSourceResolver {
  resolve(
    context: { userId: string; conversationId?: string | undefined; signal: AbortSignal },
    imageUrlString: string,
  ): Promise<MemeSource>;
}

/** A picture the user cannot use (not found, not theirs, not an image, refused by the egress guard): its message goes to the model. */
export class MemeSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MemeSourceError';
  }
}
