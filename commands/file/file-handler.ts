/** The handler factory of the File aggregate (stream `file-{fileId}`), for the finder's changes (domain/file/file.ts). */
import { fileDecider, toFileStreamId } from '../../domain/file/file.js';
import { aggregateHandler } from '../shared/aggregate-handler.js';

export const fileHandler = aggregateHandler(fileDecider, (data: { fileId: string }) => toFileStreamId(data.fileId));
