import { z } from 'zod';

/** Request bodies: what the services validate (they give the 400 with a readable message). */
export const requests = {
  newPost: z.object({
    content: z.string().max(2000),
    timezone: z.string(),
    image: z.string().meta({ format: 'binary' }).optional(),
  }),
  comment: z.object({ content: z.string().min(1).max(1000) }),
  profile: z.object({ profileName: z.string().max(50), bio: z.string().max(200) }),
  profilePhoto: z.object({ profileImageUrl: z.string() }),
  timezone: z.object({ timezone: z.string() }),
  subscribe: z.object({
    subscription: z.object({
      endpoint: z.string(),
      expirationTime: z.number().nullable().optional(),
      keys: z.object({ p256dh: z.string(), auth: z.string() }),
    }),
  }),
  unsubscribe: z.object({ endpoint: z.string() }),
};
