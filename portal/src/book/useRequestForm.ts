/**
 * The request form's state (issue 25 item 2): the values and their messages, the server's quote
 * for them, the send, and a refused slot with its nearest free times. The heading takes the focus
 * when the form opens, and a refusal when it shows.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { VERIFY_SENT_MESSAGE } from '@venue/contracts/bookings';
import { idempotencyKeys, useFocusFirstError } from '@venue/ui/light';
import { publicApi, venuePath } from '../api/client.ts';
import type { Alternative, QuoteAnswer, RequestAnswer, VenueProfile } from '../api/types.ts';
import { addDays, venueToday } from '../lib/dates.ts';
import { messageOf } from '../ui/states.tsx';
import { useVenueFormat } from '../ui/venue-format.ts';
import type { PickedSlot } from './BookPage.tsx';
import {
  formProblems,
  quoteBody,
  requestBody,
  serverProblems,
  slotRefusal,
  type FormErrors,
  type RequestFormValues,
} from './request-form.ts';

export type RequestFormState = ReturnType<typeof useRequestForm>;

const initialValues = (initial: PickedSlot): RequestFormValues => ({
  resourceId: initial.resourceId,
  date: initial.date,
  startTime: initial.startTime,
  endTime: initial.endTime,
  guests: '',
  eventType: '',
  addOns: [],
  repeat: false,
  frequency: 'weekly',
  count: '4',
  answers: {},
  name: '',
  email: '',
  phone: '',
  notes: '',
  accepted: false,
  website: '',
});

export function useRequestForm(
  venue: VenueProfile,
  initial: PickedSlot,
  onDone: (answer: RequestAnswer, email: string) => void,
) {
  const fmt = useVenueFormat();
  const today = venueToday(fmt.timezone);
  const lastDate = addDays(today, venue.online.windowDays);
  const { values, setValues, errors, setErrors, set, setAnswer } = useValues(initial);
  const [attempt, setAttempt] = useState(0);
  const { sending, send } = useSend(venue.slug, onDone);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useFocusFirstError<HTMLFormElement>(attempt);
  const { refusal, setRefusal, refusalRef, headingRef } = useFocusedRefusal();
  const resource = venue.resources.find((r) => r.id === values.resourceId);
  const questions = venue.online.questions;

  const quote = useQuote(venue.slug, values);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setRefusal(null);
    setFailure(null);
    const problems = formProblems(values, { today, lastDate, country: fmt.country, resource, questions });
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) {
      setAttempt((n) => n + 1);
      return;
    }
    await send(requestBody(values, questions, venue.online.agreement.version), (error) => {
      const refused = slotRefusal(error);
      const fields = serverProblems(error);
      if (refused) setRefusal(refused);
      else if (Object.keys(fields).length > 0) {
        setErrors(fields);
        setAttempt((n) => n + 1);
      } else setFailure(messageOf(error));
    });
  };

  const takeAlternative = (a: Alternative) => {
    setValues((v) => ({ ...v, date: a.date, startTime: a.startTime, endTime: a.endTime }));
    setErrors((e) => ({ ...e, date: undefined, startTime: undefined, endTime: undefined }));
    setRefusal(null);
  };

  return {
    fmt,
    today,
    lastDate,
    values,
    errors,
    set,
    setAnswer,
    resource,
    questions,
    quote: quote.query,
    priced: quote.priced,
    submit,
    sending,
    failure,
    refusal,
    takeAlternative,
    formRef,
    refusalRef,
    headingRef,
  };
}

/** The heading takes the focus when the form opens, and a refused slot's message when it shows. */
function useFocusedRefusal() {
  const [refusal, setRefusal] = useState<{ message: string; alternatives: Alternative[] } | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);
  return { refusal, setRefusal, refusalRef, headingRef };
}

/** Send the request once per content (one key per body); a refusal goes to `onRefused`. */
function useSend(slug: string, onDone: (answer: RequestAnswer, email: string) => void) {
  const [sending, setSending] = useState(false);
  const [keyFor] = useState(idempotencyKeys);
  const send = async (body: ReturnType<typeof requestBody>, onRefused: (error: unknown) => void) => {
    setSending(true);
    try {
      const answer = await publicApi.api<RequestAnswer | undefined>(venuePath(slug, '/requests'), {
        method: 'POST',
        body,
        idempotencyKey: keyFor(body),
      });
      // 202 without a body would still mean "check your e-mail" (the honeypot's answer too)
      onDone(answer ?? { status: 'verify', message: VERIFY_SENT_MESSAGE }, body.email);
    } catch (error) {
      onRefused(error);
    } finally {
      setSending(false);
    }
  };
  return { sending, send };
}

/** The values as typed; a field put right loses its message, the others keep theirs until the next send. */
function useValues(initial: PickedSlot) {
  const [values, setValues] = useState<RequestFormValues>(() => initialValues(initial));
  const [errors, setErrors] = useState<FormErrors>({});
  const set = <K extends keyof RequestFormValues>(key: K, value: RequestFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  const setAnswer = (id: string, value: string) => {
    setValues((v) => ({ ...v, answers: { ...v.answers, [id]: value } }));
    setErrors((e) => ({ ...e, [`answers.${id}`]: undefined }));
  };

  return { values, setValues, errors, setErrors, set, setAnswer };
}

/** The server's price for the values, once they name a slot (the last price stays while the next loads). */
function useQuote(slug: string, values: RequestFormValues) {
  const priced = quoteBody(values);
  const query = useQuery({
    queryKey: ['quote', slug, priced],
    queryFn: () => publicApi.api<QuoteAnswer>(venuePath(slug, '/quote'), { method: 'POST', body: priced }),
    enabled: priced !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return { query, priced: priced !== null };
}
