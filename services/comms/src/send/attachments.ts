/**
 * Attachments of POST /api/email-comms/send (issue 12 item 3): multipart, as admin's pictures
 * (@koa/multer, memory storage with limits). At most 10 files and 10 MB in all (413 beyond);
 * the type is sniffed from the content, never taken from the name or the client, and programs
 * and scripts are refused.
 */
import multer from '@koa/multer';
import { fileTypeFromBuffer } from 'file-type';
import {
  ATTACHMENT_REFUSED,
  ATTACHMENTS_TOO_LARGE,
  MAX_ATTACHMENT_TOTAL_BYTES,
  MAX_ATTACHMENTS,
  SEND_ATTACHMENTS_PART,
  SEND_PAYLOAD_PART,
  TOO_MANY_ATTACHMENTS,
} from '@venue/contracts/comms';
import { badRequest, cleanFileName, HttpError, type AppContext } from '@venue/service-kit';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface Attachment {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** Room for the payload part and the multipart framing on top of the files. */
const FRAMING_BYTES = 512 * 1024;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: {
    files: MAX_ATTACHMENTS,
    fileSize: MAX_ATTACHMENT_TOTAL_BYTES,
    fields: 2,
    fieldSize: 200_000,
    parts: MAX_ATTACHMENTS + 2,
  },
}).fields([
  { name: SEND_ATTACHMENTS_PART, maxCount: MAX_ATTACHMENTS },
  { name: SEND_PAYLOAD_PART, maxCount: 1 },
]);

/** Executable formats by content (file-type's names for them). */
const EXECUTABLE_MIME = new Set([
  'application/x-msdownload',
  'application/vnd.microsoft.portable-executable',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-executable',
  'application/x-sharedlib',
  'application/x-dosexec',
  'application/java-archive',
  'application/x-msi',
  'application/x-ms-installer',
  'application/vnd.android.package-archive',
  'application/x-apple-diskimage',
  'application/wasm',
]);
/** Names a mail program would run or a system would execute on a double click. */
const EXECUTABLE_NAME =
  /\.(exe|com|bat|cmd|scr|pif|msi|msp|dll|cpl|jar|js|jse|mjs|cjs|vbs|vbe|wsf|wsh|ps1|psm1|sh|bash|app|apk|dmg|hta|lnk|reg|py|pl|rb)$/i;

const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  ics: 'text/calendar',
  md: 'text/plain',
};

export async function checkAttachment(filename: string, data: Buffer): Promise<Attachment> {
  const name = cleanFileName(filename, 'attachment');
  const sniffed = await fileTypeFromBuffer(data);
  const startsAsScript = data.subarray(0, 2).toString('latin1') === '#!';
  if (EXECUTABLE_NAME.test(name) || startsAsScript || (sniffed && EXECUTABLE_MIME.has(sniffed.mime)))
    throw badRequest(ATTACHMENT_REFUSED, {
      errors: [{ path: SEND_ATTACHMENTS_PART, message: `${ATTACHMENT_REFUSED} (${name})` }],
    });
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  const contentType = sniffed?.mime ?? TEXT_TYPES[ext] ?? 'application/octet-stream';
  return { filename: name, contentType, data };
}

/**
 * For a multipart request: the payload part's JSON and the checked files. Call after requireAuth
 * (an anonymous client cannot make the service buffer anything).
 */
export async function readMultipart(
  ctx: AppContext,
): Promise<{ payload: unknown; attachments: Attachment[] }> {
  const length = Number(ctx.get('content-length') || 0);
  if (length > MAX_ATTACHMENT_TOTAL_BYTES + FRAMING_BYTES) throw new HttpError(413, ATTACHMENTS_TOO_LARGE);
  try {
    await upload(ctx as never, async () => {});
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_PART_COUNT')
      throw new HttpError(413, TOO_MANY_ATTACHMENTS);
    if (code === 'LIMIT_FILE_SIZE') throw new HttpError(413, ATTACHMENTS_TOO_LARGE);
    if (code === 'LIMIT_UNEXPECTED_FILE')
      throw badRequest('Files go in the attachments part.', {
        errors: [{ path: SEND_ATTACHMENTS_PART, message: 'Files go in the attachments part.' }],
      });
    throw badRequest('The form could not be read.', {
      errors: [{ path: SEND_PAYLOAD_PART, message: 'The form could not be read.' }],
    });
  }
  const req = ctx.request as unknown as {
    body?: Record<string, unknown>;
    files?: Record<string, Array<{ originalname: string; buffer: Buffer }>>;
  };
  const files = req.files?.[SEND_ATTACHMENTS_PART] ?? [];
  const total = files.reduce((n, f) => n + f.buffer.length, 0);
  if (files.length > MAX_ATTACHMENTS) throw new HttpError(413, TOO_MANY_ATTACHMENTS);
  if (total > MAX_ATTACHMENT_TOTAL_BYTES) throw new HttpError(413, ATTACHMENTS_TOO_LARGE);
  const raw = req.body?.[SEND_PAYLOAD_PART];
  const text = Array.isArray(raw) ? raw[0] : raw;
  let payload: unknown = {};
  if (typeof text === 'string') {
    // The kit's hostile-input check reads JSON bodies only; this part is JSON in a form field.
    if (LONE_SURROGATE.test(text) || text.includes('\u0000'))
      throw badRequest('The payload holds characters that are not text.', {
        errors: [{ path: SEND_PAYLOAD_PART, message: 'The payload holds characters that are not text.' }],
      });
    try {
      payload = JSON.parse(text);
    } catch {
      throw badRequest('The payload part must be JSON.', {
        errors: [{ path: SEND_PAYLOAD_PART, message: 'The payload part must be JSON.' }],
      });
    }
  }
  const attachments: Attachment[] = [];
  for (const f of files) attachments.push(await checkAttachment(f.originalname, f.buffer));
  return { payload, attachments };
}
