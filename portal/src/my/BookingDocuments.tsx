/**
 * A booking's documents: what the venue needs, what was uploaded (and whether the venue has
 * checked it), and the upload form with the file checked here against the contract's limits.
 */
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { formatDateTime, idempotencyKeys } from '@venue/ui/light';
import {
  DOCUMENT_KIND_LABELS as DOCUMENT_KINDS,
  DOCUMENT_MIME_TYPES,
  DOCUMENT_MISSING_MESSAGE,
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_TYPE_MESSAGE,
  MAX_DOCUMENT_BYTES,
} from '@venue/contracts/bookings';
import { portalApi } from '../api/client.ts';
import type { PortalBooking, PortalDocument } from '../api/types.ts';
import { SelectField } from '../ui/fields.tsx';
import { Empty, ErrorMessage, Loading, messageOf } from '../ui/states.tsx';
import { useVenueFormat } from '../ui/venue-format.ts';

const ACCEPTED: readonly string[] = DOCUMENT_MIME_TYPES;

type Kind = 'id' | 'insurance';

const documentsPath = (id: string) => `/api/portal/bookings/${encodeURIComponent(id)}/documents`;

/** Why a chosen file cannot be sent, or null. */
function fileProblem(file: File | null): string | null {
  return !file
    ? DOCUMENT_MISSING_MESSAGE
    : file.size > MAX_DOCUMENT_BYTES
      ? DOCUMENT_TOO_LARGE_MESSAGE
      : file.type && !ACCEPTED.includes(file.type)
        ? DOCUMENT_TYPE_MESSAGE
        : null;
}

export function BookingDocuments({ booking }: { booking: PortalBooking }) {
  const docs = useQuery({
    queryKey: ['portal', 'booking', booking.id, 'documents'],
    queryFn: () => portalApi.api<{ documents: PortalDocument[] }>(documentsPath(booking.id)),
  });
  return (
    <section className="card" aria-labelledby="documents-heading">
      <div className="card-body">
        <h2 id="documents-heading">Documents</h2>
        {booking.documentsNeeded.length > 0 && (
          <p>
            The venue needs your {booking.documentsNeeded.map((k) => DOCUMENT_KINDS[k]).join(' and ')}{' '}
            document
            {booking.documentsNeeded.length > 1 ? 's' : ''} for this booking.
          </p>
        )}
        <DocumentList docs={docs} />
        <UploadDocument booking={booking} />
      </div>
    </section>
  );
}

function DocumentList({ docs }: { docs: UseQueryResult<{ documents: PortalDocument[] }> }) {
  const fmt = useVenueFormat();
  return (
    <>
      {docs.isPending ? (
        <Loading label="Loading your documents…" />
      ) : docs.isError ? (
        <ErrorMessage error={docs.error} onRetry={() => void docs.refetch()} />
      ) : docs.data.documents.length === 0 ? (
        <Empty>No documents uploaded yet.</Empty>
      ) : (
        <ul className="plain-list">
          {docs.data.documents.map((d) => (
            <li key={d.id}>
              <strong>{DOCUMENT_KINDS[d.kind]}</strong>: {d.fileName}, uploaded{' '}
              {formatDateTime(d.uploadedAt, fmt)}{' '}
              <span className={d.verified ? 'status status-confirmed' : 'status status-pending'}>
                {d.verified ? 'Verified' : 'Waiting for the venue to check'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Upload, once per file (one key per kind and file); the booking and the list are read again after. */
function useUpload(
  bookingId: string,
  kind: Kind,
  fileInput: RefObject<HTMLInputElement | null>,
  onDone: (text: string) => void,
) {
  const queryClient = useQueryClient();
  const [keyFor] = useState(idempotencyKeys);
  return useMutation({
    mutationFn: (f: File) => {
      const body = new FormData();
      body.append('kind', kind);
      body.append('file', f, f.name);
      return portalApi.api<PortalDocument>(documentsPath(bookingId), {
        method: 'POST',
        body,
        idempotencyKey: keyFor({ kind, name: f.name, size: f.size, modified: f.lastModified }),
      });
    },
    onSuccess: (_doc, f) => {
      onDone(`${f.name} is uploaded. The venue will check it.`);
      if (fileInput.current) fileInput.current.value = '';
      void queryClient.invalidateQueries({ queryKey: ['portal', 'booking', bookingId] });
      void queryClient.invalidateQueries({ queryKey: ['portal', 'bookings'] });
    },
  });
}

function UploadDocument({ booking }: { booking: PortalBooking }) {
  const [kind, setKind] = useState<Kind>(booking.documentsNeeded[0] ?? 'insurance');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUpload(booking.id, kind, fileInput, (text) => {
    setDone(text);
    setFile(null);
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const problem = fileProblem(file);
    setError(problem);
    if (problem) {
      fileInput.current?.focus();
      return;
    }
    upload.mutate(file!);
  };

  return (
    <form noValidate onSubmit={submit} className="upload">
      <h3 className="small-heading">Upload a document</h3>
      <SelectField
        label="Document"
        value={kind}
        onValue={(v) => setKind(v as Kind)}
        options={[
          { value: 'insurance', label: 'Insurance (certificate of currency)' },
          { value: 'id', label: 'ID (driver licence or passport)' },
        ]}
      />
      <div className={error ? 'field has-error' : 'field'}>
        <label htmlFor={`file-${booking.id}`}>File</label>
        <p className="hint" id={`file-${booking.id}-hint`}>
          A PDF or a photo, at most 10 MB.
        </p>
        <input
          id={`file-${booking.id}`}
          ref={fileInput}
          type="file"
          accept="application/pdf,image/*"
          aria-invalid={error ? true : undefined}
          aria-describedby={`file-${booking.id}-hint${error ? ` file-${booking.id}-error` : ''}`}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        {error && (
          <p className="error" id={`file-${booking.id}-error`}>
            {error}
          </p>
        )}
      </div>
      {upload.isError && (
        <p className="error" role="alert">
          The file could not be uploaded: {messageOf(upload.error)}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      <button type="submit" className="button" disabled={upload.isPending}>
        {upload.isPending ? 'Uploading…' : 'Upload'}
      </button>
    </form>
  );
}
