/**
 * Where a file lives and where the API serves it. Storage keys are built from generated ids
 * only (ARCHITECTURE: never a client's path or name).
 */
export const storageKeyOf = (userId: string, fileId: string): string => `${userId}/${fileId}`;
export const thumbnailKeyOf = (userId: string, fileId: string): string => `${userId}/${fileId}.thumb`;
export const avatarKeyOf = (userId: string, name: string): string => `avatars/${userId}/${name}`;

/** A processed raster image: shown inline (GET /images/:userId/:fileId, owner only). */
export const imagePath = (userId: string, fileId: string): string => `/images/${userId}/${fileId}`;
/** Every other file: downloaded as an attachment (owner only). */
export const downloadPath = (userId: string, fileId: string): string => `/api/files/download/${userId}/${fileId}`;
/** An avatar: public by its unguessable name (see avatar.service.ts). */
export const avatarPath = (userId: string, name: string): string => `/api/files/avatar/${userId}/${name}`;
