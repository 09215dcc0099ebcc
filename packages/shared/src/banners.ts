import { z } from 'zod';

/** The longest banner message (markdown); a banner is a line or two, not a page. */
export const BANNER_MESSAGE_MAX = 1000;

/** GET /api/banner, in LibreChat's shape: the current banner or null. */
export interface BannerResponse {
  bannerId: string;
  message: string;
  displayFrom: string;
  /** Absent when open-ended (shown until removed), as LibreChat's stored banner leaves it out. */
  displayTo?: string;
  type: 'banner';
  isPublic: boolean;
  /** Not dismissible. */
  persistable: boolean;
  createdAt: string;
  updatedAt: string;
}

/** An administrator's view of a banner; `status` is derived from the window and the server's clock. */
export interface AdminBanner extends Omit<BannerResponse, 'displayTo'> {
  /** Null: shown until it is removed. */
  displayTo: string | null;
  status: 'scheduled' | 'live' | 'ended';
}

export interface AdminBannersResponse {
  banners: AdminBanner[];
}

const isoDateTime = z.iso.datetime({ offset: true, error: 'Enter a valid date and time' });

/** POST /api/admin/banners and PUT /api/admin/banners/:bannerId. */
export const bannerInputSchema = z
  .object({
    message: z
      .string({ error: 'A message is required' })
      .trim()
      .min(1, 'A message is required')
      .max(BANNER_MESSAGE_MAX, `A message has at most ${BANNER_MESSAGE_MAX} characters`),
    displayFrom: isoDateTime,
    displayTo: isoDateTime.nullable().default(null),
    isPublic: z.boolean().default(false),
    persistable: z.boolean().default(false),
  })
  .strict()
  .refine((v) => v.displayTo === null || Date.parse(v.displayTo) > Date.parse(v.displayFrom), {
    path: ['displayTo'],
    message: 'The end must be after the start',
  });
export type BannerInput = z.infer<typeof bannerInputSchema>;

export const bannerIdParamsSchema = z.object({ bannerId: z.string().min(1).max(64) }).strict();
