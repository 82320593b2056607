// The practice's own records: the health questionnaire and consent, treatment notes, their statuses.
import { z } from 'zod';
import { entityIdSchema } from './fields.ts';
import { labelledValues } from './labelled.ts';

export const questionKinds = ['yes_no', 'choice', 'text'] as const;
export type QuestionKind = (typeof questionKinds)[number];

// What every question the owner writes has (the questionnaire's and the screening's): an id, its wording and, for
// a choice, its options.
const questionIdField = z
  .string()
  .trim()
  .regex(/^[a-z0-9_-]{1,40}$/, 'A question id is 1 to 40 lower-case letters, digits, dashes or underscores');
const questionLabelField = z.string().trim().min(1, 'Write the question').max(300);
const answerListField = z.array(z.string().trim().min(1).max(100)).max(20).default([]);
function choiceHasTwoOptions(question: { kind: string; options: string[] }, ctx: z.RefinementCtx) {
  if (question.kind === 'choice' && question.options.length < 2)
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice needs at least two options' });
}

export const questionSchema = z
  .object({
    id: questionIdField,
    label: questionLabelField,
    kind: z.enum(questionKinds, { message: 'A question is yes/no, a choice or text' }),
    options: answerListField,
    required: z.boolean().default(false),
    /** The answers the owner must read before the appointment; for a text question, any answer given ('*'). */
    redFlagAnswers: answerListField,
  })
  .superRefine(choiceHasTwoOptions);
export type Question = z.infer<typeof questionSchema>;

/** What the owner edits: the questions, the consent text and the periods. */
export const recordsSettingsInput = z
  .object({
    questions: z.array(questionSchema).min(1, 'Keep at least one question').max(60),
    consentText: z.string().trim().min(20, 'Write the consent the client signs').max(5000),
    renewMonths: z.number().int().min(1).max(60).default(12),
    retentionYears: z.number().int().min(1).max(30).default(8),
  })
  .superRefine((settings, ctx) => {
    const ids = settings.questions.map((q) => q.id);
    const twice = ids.find((id, index) => ids.indexOf(id) !== index);
    if (twice) ctx.addIssue({ code: 'custom', path: ['questions'], message: `Two questions share the id ${twice}` });
  });
export type RecordsSettingsInput = z.infer<typeof recordsSettingsInput>;
export type RecordsSettings = RecordsSettingsInput & { version: number };

/** A client's answers with their consent, signed with their typed full name. */
export const healthFormInput = z.object({
  answers: z.record(z.string().max(40), z.string().trim().max(2000)),
  signatureName: z.string().trim().min(3, 'Type your full name to sign').max(120),
  consent: z.literal(true, { message: 'Tick the box to give your consent' }),
});
export type HealthFormInput = z.infer<typeof healthFormInput>;

/** Where a client's questionnaire stands before an appointment. */
export const [questionnaireStatuses, questionnaireStatusLabels] = labelledValues({
  up_to_date: 'Questionnaire: up to date',
  missing: 'Questionnaire: missing',
  due: 'Questionnaire: out of date',
  red_flag: 'Questionnaire: red flag',
});
export type QuestionnaireStatus = (typeof questionnaireStatuses)[number];

/** What a client sees of their own questionnaire: whether it is wanted, and the form to fill. */
export type MyQuestionnaire = {
  version: number;
  questions: Question[];
  consentText: string;
  status: Exclude<QuestionnaireStatus, 'red_flag'>;
  lastSignedAt: string | null;
};

/** What the booking sheet and the day's list show; the red flag stays until the owner acknowledges it. */
export type BookingRecordStatus = {
  status: QuestionnaireStatus;
  healthRecordId: string | null;
  acknowledgedAt: string | null;
};

export const bodyAreas = [
  'Neck',
  'Shoulders',
  'Upper back',
  'Lower back',
  'Arms',
  'Hands',
  'Hips',
  'Glutes',
  'Legs',
  'Feet',
  'Head',
  'Abdomen',
] as const;

const noteText = z.string().trim().max(5000).default('');
/** A treatment note in the SOAP shape. */
export const treatmentNoteFields = z.object({
  subjective: noteText,
  objective: noteText,
  areas: z.array(z.enum(bodyAreas)).max(bodyAreas.length).default([]),
  treatment: noteText,
  plan: noteText,
});
export type TreatmentNoteFields = z.infer<typeof treatmentNoteFields>;

export const createTreatmentNoteInput = treatmentNoteFields
  .extend({ bookingId: entityIdSchema })
  .refine((note) => note.subjective || note.objective || note.treatment || note.plan || note.areas.length, {
    message: 'Write something in the note',
  });
export const editTreatmentNoteInput = treatmentNoteFields.refine(
  (note) => note.subjective || note.objective || note.treatment || note.plan || note.areas.length,
  { message: 'Write something in the note' },
);
export const amendTreatmentNoteInput = z.object({
  text: z.string().trim().min(1, 'Write the amendment').max(5000),
});

/** A note can be edited for this long after it was written; then it is locked and only amended. */
export const NOTE_EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;

export type TreatmentNote = TreatmentNoteFields & {
  id: string;
  bookingId: string | null;
  authorName: string;
  createdAt: string;
  updatedAt: string;
  locked: boolean;
  amendments: { id: string; text: string; authorName: string; createdAt: string }[];
};

export type HealthRecord = {
  id: string;
  questionnaireVersion: number;
  signedAt: string;
  signatureName: string;
  consentText: string;
  redFlag: boolean;
  acknowledgedAt: string | null;
  answers: { questionId: string; label: string; answer: string; redFlag: boolean }[];
};

/** A client's whole record, for the owner and for the client's own data download. */
export type ClientRecord = {
  client: { id: string; name: string; email: string };
  healthRecords: HealthRecord[];
  notes: TreatmentNote[];
};

/** What the owner knows of the client behind a request (screening): never shown to the client. */
export type KnownAboutClient = {
  hasAccount: boolean;
  emailVerified: boolean;
  phone: string | null;
  policy: 'new' | 'trusted' | 'blocked' | null;
  privateNotes: string;
  /** Their other bookings, by what became of them. */
  otherBookings: {
    completed: number;
    upcoming: number;
    cancelledByClient: number;
    cancelledByBusiness: number;
    noShow: number;
  };
  firstBookedAt: string | null;
  /** The new client's answers to the screening questions for this request. */
  screeningAnswers: { label: string; answer: string }[];
  /** The owner's private reasons for earlier declines and blocks of this client (or of this request). */
  privateReasons: PrivateReason[];
};

// ---- Screening new clients ----

export const screeningQuestionSchema = z
  .object({
    id: questionIdField,
    label: questionLabelField,
    kind: z.enum(['text', 'choice'], { message: 'A screening question is text or a choice' }),
    options: answerListField,
  })
  .superRefine(choiceHasTwoOptions);
export type ScreeningQuestion = z.infer<typeof screeningQuestionSchema>;

/** What the owner sets: the questions new clients answer, and whether their email must be verified first. */
export const screeningSettingsInput = z
  .object({
    questions: z.array(screeningQuestionSchema).max(10, 'Ask at most ten screening questions'),
    requireVerifiedEmail: z.boolean(),
  })
  .superRefine((settings, ctx) => {
    const ids = settings.questions.map((q) => q.id);
    const twice = ids.find((id, index) => ids.indexOf(id) !== index);
    if (twice) ctx.addIssue({ code: 'custom', path: ['questions'], message: `Two questions share the id ${twice}` });
  });
export type ScreeningSettings = z.infer<typeof screeningSettingsInput>;

/** A new client's answers after booking: question id to answer. */
export const screeningAnswersInput = z.strictObject({
  answers: z.record(z.string().max(40), z.string().trim().max(500, 'Keep each answer under 500 characters')),
});
export type ScreeningAnswersInput = z.infer<typeof screeningAnswersInput>;

/** The owner's private reason for a decline or a block: never shown to the client. */
export const privateReasonSchema = z.string().trim().max(1000, 'Keep the private reason under 1000 characters');

export type PrivateReason = { kind: 'declined' | 'blocked'; reason: string; bookingId: string | null; at: string };
