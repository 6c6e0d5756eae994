import { useEffect, useRef } from 'react';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { MAX_ONLINE_QUESTIONS, QUESTION_KINDS, type QuestionKind } from '@venue/contracts';
import { newQuestionKey, type FieldErrors, type QuestionDraft } from './online-bookings-form.ts';

const KIND_LABELS: Record<QuestionKind, string> = {
  text: 'Text answer',
  choice: 'Choice from a list',
  yesno: 'Yes or no',
};

/**
 * The venue's own questions on the request form: add, remove and reorder (buttons, so the
 * keyboard does all of it), each a text, a choice with its options or a yes/no, required or not.
 * A question keeps its id when it moves: the answers stored with bookings are keyed by it.
 */
export function QuestionsEditor({
  questions,
  errors,
  disabled,
  onChange,
}: {
  questions: QuestionDraft[];
  errors: FieldErrors;
  disabled: boolean;
  onChange: (questions: QuestionDraft[], structural: boolean) => void;
}) {
  const { inputs, update, move, remove, add } = useQuestionList(questions, onChange);
  const full = questions.length >= MAX_ONLINE_QUESTIONS;

  return (
    <Stack gap="sm" data-testid="online-questions">
      {questions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No questions yet: the request form asks only for the booking and contact details.
        </Text>
      ) : null}
      {errors.questions ? (
        <Text size="sm" c="red" role="alert">
          {errors.questions}
        </Text>
      ) : null}
      {questions.map((q, i) => (
        <QuestionFields
          key={q.key}
          question={q}
          index={i}
          count={questions.length}
          errors={errors}
          disabled={disabled}
          inputs={inputs.current}
          list={{ update, move, remove }}
        />
      ))}
      {!disabled ? (
        <Group gap="sm">
          <Button variant="light" onClick={add} disabled={full}>
            Add a question
          </Button>
          {full ? (
            <Text size="sm" c="dimmed">
              At most {MAX_ONLINE_QUESTIONS} questions.
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

/** The list's edits; a question just added takes the focus, so the keyboard goes on to type it. */
function useQuestionList(
  questions: QuestionDraft[],
  onChange: (questions: QuestionDraft[], structural: boolean) => void,
) {
  const added = useRef<string | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  useEffect(() => {
    if (added.current) inputs.current.get(added.current)?.focus();
    added.current = null;
  }, [questions.length]);

  const update = (index: number, patch: Partial<QuestionDraft>) =>
    onChange(
      questions.map((q, i) => (i === index ? { ...q, ...patch } : q)),
      false,
    );
  const move = (index: number, by: -1 | 1) => {
    const next = [...questions];
    const [q] = next.splice(index, 1);
    next.splice(index + by, 0, q!);
    onChange(next, true);
  };
  const remove = (index: number) =>
    onChange(
      questions.filter((_, i) => i !== index),
      true,
    );
  const add = () => {
    const key = newQuestionKey();
    added.current = key;
    onChange([...questions, { key, label: '', kind: 'text', optionsText: '', required: false }], true);
  };
  return { inputs, update, move, remove, add };
}

type QuestionList = Pick<ReturnType<typeof useQuestionList>, 'update' | 'move' | 'remove'>;

/** One question: its text, kind, required, and a choice's options. */
function QuestionFields({
  question: q,
  index: i,
  count,
  errors,
  disabled,
  inputs,
  list,
}: {
  question: QuestionDraft;
  index: number;
  count: number;
  errors: FieldErrors;
  disabled: boolean;
  inputs: Map<string, HTMLInputElement>;
  list: QuestionList;
}) {
  const n = i + 1;
  const at = (field: string) => errors[`questions.${i}.${field}`];
  return (
    <Fieldset legend={`Question ${n}`} p="sm">
      <Stack gap="xs">
        {!disabled ? (
          <QuestionMoves
            n={n}
            first={i === 0}
            last={i === count - 1}
            onMove={(by) => list.move(i, by)}
            onRemove={() => list.remove(i)}
          />
        ) : null}
        <TextInput
          ref={(el) => {
            if (el) inputs.set(q.key, el);
            else inputs.delete(q.key);
          }}
          label="Question text"
          value={q.label}
          error={at('label') ?? at('id')}
          disabled={disabled}
          onChange={(e) => list.update(i, { label: e.currentTarget.value })}
        />
        <Group grow align="flex-start" wrap="wrap">
          <NativeSelect
            label="Answer"
            data={QUESTION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            value={q.kind}
            error={at('kind')}
            disabled={disabled}
            onChange={(e) => list.update(i, { kind: e.currentTarget.value as QuestionKind })}
          />
          <Checkbox
            label="Must be answered"
            checked={q.required}
            error={at('required')}
            disabled={disabled}
            onChange={(e) => list.update(i, { required: e.currentTarget.checked })}
            mt={{ base: 0, sm: 30 }}
          />
        </Group>
        {q.kind === 'choice' ? (
          <Textarea
            label="Options"
            description="One option a line, 2 to 20."
            autosize
            minRows={2}
            value={q.optionsText}
            error={at('options')}
            disabled={disabled}
            onChange={(e) => list.update(i, { optionsText: e.currentTarget.value })}
          />
        ) : null}
      </Stack>
    </Fieldset>
  );
}

/** Up, Down and Remove, as buttons so the keyboard reorders too. */
function QuestionMoves({
  n,
  first,
  last,
  onMove,
  onRemove,
}: {
  n: number;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <Group justify="flex-end" gap={4}>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => onMove(-1)}
        disabled={first}
        aria-label={`Move question ${n} up`}
      >
        Up
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => onMove(1)}
        disabled={last}
        aria-label={`Move question ${n} down`}
      >
        Down
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={onRemove}
        aria-label={`Remove question ${n}`}
      >
        Remove
      </Button>
    </Group>
  );
}
