import { z } from 'zod';

export { MAX_VIDEO_SECONDS } from './media-basics.ts';

export const IMAGE_TYPES = [
  'item',
  'video',
  'video-icon',
  'profile',
  'cover',
  'chat',
  'blog',
  'category',
  'category-icon',
  'subcategory',
] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const imageSchema = z
  .object({
    img_id: z.string(),
    img_parent_id: z.string(),
    img_type: z.enum(IMAGE_TYPES),
    img_path: z.string().describe('File name under /uploads/'),
    img_width: z.number().int(),
    img_height: z.number().int(),
    img_desc: z.string(),
  })
  .meta({ id: 'Image' });

export type Image = z.infer<typeof imageSchema>;

/**
 * A file a form sent, already streamed by the server to a temporary file (never held in memory); pages and
 * routes hand it to a service, which checks and stores it. The temporary file is gone after the answer.
 */
export interface ReceivedUpload {
  /** The form field that carried it. */
  field: string;
  /** The name the client gave it: shown at most, never trusted for the type. */
  fileName: string;
  path: string;
  bytes: number;
}
