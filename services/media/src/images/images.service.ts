import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isUuid } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/messaging';
import { EntityManager, Repository } from 'typeorm';
import { OBJECT_STORE, ObjectStore, StoredObject } from '../storage/object-store';
import { CONTENT_TYPES, OutputFormat } from './domain/image-rules';
import { ALL_VARIANTS, ImageRendition, ORIGINAL, storageKey } from './domain/image-variant';
import { EncodedImage, ImageProcessor } from './image.processor';
import { ImageNotFoundError } from './images.errors';
import { MediaObject } from './media-object.entity';
import { DeletableImages, deleteMediaObjects, markAttached } from './media-objects.queries';
import { UploadQuota } from './upload-quota';

/** An ingested image, by the path the SPA stores and requests (`/objects/<id>`). */
export interface IngestedImage {
  id: string;
  objectPath: string;
}

const objectPathOf = (id: string) => `/objects/${id}`;

const formatOfContentType = (contentType: string): OutputFormat | undefined =>
  (Object.keys(CONTENT_TYPES) as OutputFormat[]).find((format) => CONTENT_TYPES[format] === contentType);

@Injectable()
export class ImagesService {
  private readonly logger = new Logger(ImagesService.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    @InjectRepository(MediaObject) private readonly objects: Repository<MediaObject>,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly processor: ImageProcessor,
    private readonly quota: UploadQuota,
  ) {}

  /**
   * Checks and normalizes the upload, writes every rendition, then records the object and queues
   * `media.uploaded` in one transaction. Files first: a row never points at missing files, and files
   * without a row (a crash in between) are unreachable and only cost disk.
   */
  async ingest(ownerId: string, upload: Buffer): Promise<IngestedImage> {
    const startedAt = performance.now();
    await this.quota.reserve(ownerId, upload.length);
    const image = await this.processor.process(upload);
    const id = randomUUID();
    const files = [
      { key: storageKey(id, ORIGINAL, image.original.format), image: image.original },
      ...image.variants.map(({ rendition, image: variant }) => ({
        key: storageKey(id, rendition, image.original.format),
        image: variant,
      })),
    ];
    try {
      await Promise.all(
        files.map(({ key, image: file }) => this.store.put(key, file.bytes, CONTENT_TYPES[file.format])),
      );
      await this.unitOfWork.run(async (tx) => {
        await tx.manager.insert(MediaObject, {
          id,
          ownerId,
          contentType: CONTENT_TYPES[image.original.format],
          width: image.original.width,
          height: image.original.height,
          bytes: image.original.bytes.length,
        });
        tx.publish('media.uploaded', { objectKey: objectPathOf(id), ownerId });
      });
    } catch (error) {
      await this.removeFiles(files.map(({ key }) => key));
      throw error;
    }
    this.logger.log(
      `Ingested ${describe(image.original)} as ${id} in ${Math.round(performance.now() - startedAt)} ms`,
    );
    return { id, objectPath: objectPathOf(id) };
  }

  /** The record of a stored image; a malformed id is just another unknown one. */
  async find(id: string): Promise<MediaObject> {
    const object = isUuid(id) ? await this.objects.findOneBy({ id }) : null;
    if (!object) throw new ImageNotFoundError();
    return object;
  }

  /**
   * Marks an image of this member as used by a post or a profile, so the purge never takes it; the
   * row lock orders this against a purge that took the row first (then the image is gone: 404).
   */
  async markInUse(ownerId: string, id: string): Promise<{ objectPath: string }> {
    if (!isUuid(id)) throw new ImageNotFoundError();
    if (!(await markAttached(this.objects.manager, id, ownerId))) throw new ImageNotFoundError();
    return { objectPath: objectPathOf(id) };
  }

  async open(object: MediaObject, rendition: ImageRendition): Promise<StoredObject> {
    const format = formatOfContentType(object.contentType);
    const stored = format ? await this.store.get(storageKey(object.id, rendition, format)) : null;
    if (!stored) {
      // The row exists, so its files should: the store lost them or was pointed elsewhere.
      this.logger.error(
        `Object ${object.id} is recorded but its ${rendition.kind} file is missing from the store`,
      );
      throw new ImageNotFoundError();
    }
    return stored;
  }

  /**
   * Deletes an image its owner uploaded that no post and no profile uses (the photo of a post that
   * posts refused, marked in use for that post a moment before). Used, someone else's, or already
   * gone: nothing happens, and the answer is the same.
   */
  async discard(ownerId: string, id: string): Promise<void> {
    if (!isUuid(id)) return;
    const { files } = await this.deleteRecords(this.objects.manager, { unusedUploadOf: ownerId, id });
    await this.removeFiles(files);
  }

  /**
   * Deletes the records `which` names, in the caller's transaction when `manager` is one, and
   * returns how many with their files: the caller removes the files once the deletion committed (a
   * row never points at missing files).
   */
  async deleteRecords(
    manager: EntityManager,
    which: DeletableImages,
  ): Promise<{ deleted: number; files: string[] }> {
    const rows = await deleteMediaObjects(manager, which);
    return { deleted: rows.length, files: rows.flatMap((row) => this.filesOf(row)) };
  }

  /** Every file of a stored image: the original and all its variants. */
  filesOf(object: Pick<MediaObject, 'id' | 'contentType'>): string[] {
    const format = formatOfContentType(object.contentType);
    if (!format) return [];
    return [ORIGINAL, ...ALL_VARIANTS].map((rendition) => storageKey(object.id, rendition, format));
  }

  /** Best effort: a file left behind is unreachable (no row names it) and only costs disk. */
  async removeFiles(keys: string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => this.store.delete(key)));
    const failed = results.filter((result) => result.status === 'rejected').length;
    if (failed > 0) this.logger.warn(`Could not remove ${failed} of ${keys.length} image file(s)`);
  }
}

const describe = (image: EncodedImage) => `${image.width}×${image.height} ${image.format}`;
