import type { UploadedImage, UploadUrl } from '@daybreak/contracts';
import { z } from 'zod';

/** Uploads as `/api/docs.json` describes them, each checked against its contract type. */

export const uploadUrl = z.object({ uploadURL: z.string() }) satisfies z.ZodType<UploadUrl>;
export const uploadedImage = z.object({ objectPath: z.string() }) satisfies z.ZodType<UploadedImage>;
