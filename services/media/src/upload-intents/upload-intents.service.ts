import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ImagesService } from '../images/images.service';
import { UploadIntent } from './upload-intent.entity';
import {
  UploadIntentExpiredError,
  UploadIntentForbiddenError,
  UploadIntentNotFoundError,
  UploadIntentUsedError,
} from './upload-intents.errors';

/** Long enough to pick a file on a slow phone, short enough that a leaked URL soon stops working. */
const INTENT_TTL = `interval '10 minutes'`;
/** 32 bytes in base64url, unpadded. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The path the browser PUTs to: the gateway's route that forwards to `PUT /upload-intents/:token`. */
const uploadUrlOf = (token: string) => `/api/objects/uploads/${token}`;

@Injectable()
export class UploadIntentsService {
  constructor(
    @InjectRepository(UploadIntent) private readonly intents: Repository<UploadIntent>,
    private readonly images: ImagesService,
  ) {}

  async create(ownerId: string): Promise<{ uploadURL: string }> {
    const token = randomBytes(32).toString('base64url');
    // Expiry from the database clock, the same clock the claim compares against.
    await this.intents.insert({ token, ownerId, expiresAt: () => `now() + ${INTENT_TTL}` });
    return { uploadURL: uploadUrlOf(token) };
  }

  /**
   * Claims the intent, then ingests the body. The body is read only after the claim, so a refused
   * upload costs no image work. A claimed intent stays used even if the file is then refused: each
   * attempt asks for a new URL (which is what the SPA does).
   */
  async upload(
    ownerId: string,
    token: string,
    readBody: () => Promise<Buffer>,
  ): Promise<{ objectPath: string }> {
    await this.claim(ownerId, token);
    const image = await this.images.ingest(ownerId, await readBody());
    await this.intents.update({ token }, { objectId: image.id });
    return { objectPath: image.objectPath };
  }

  /** Where an upload URL's image ended up, for callers that were handed the URL rather than the path. */
  private async claim(ownerId: string, token: string): Promise<void> {
    await this.ownIntent(ownerId, token);
    // One statement decides: of two concurrent uploads with one token, exactly one gets the row.
    const claimed = await this.intents
      .createQueryBuilder()
      .update()
      .set({ usedAt: () => 'now()' })
      .where('token = :token AND used_at IS NULL AND expires_at > now()', { token })
      .execute();
    if (claimed.affected === 1) return;
    const intent = await this.intents.findOneByOrFail({ token });
    throw intent.usedAt ? new UploadIntentUsedError() : new UploadIntentExpiredError();
  }

  private async ownIntent(ownerId: string, token: string): Promise<UploadIntent> {
    const intent = TOKEN_PATTERN.test(token) ? await this.intents.findOneBy({ token }) : null;
    if (!intent) throw new UploadIntentNotFoundError();
    if (intent.ownerId !== ownerId) throw new UploadIntentForbiddenError();
    return intent;
  }
}
