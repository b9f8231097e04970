import type { BroadcastType, EventRole, SessionState, SessionType } from "@onstage/domain";

// What the demo channel holds: one event per access mode, a multi-session event with a lobby and
// sessions in every state, so a first start shows every screen of the specs.

/** The demo host's sign-in, printed at start. Demo data is off by default in production. */
export const DEMO_HOST = { email: "host@onstage.test", password: "onstage-demo" } as const;

export const DEMO_PEOPLE = [
  {
    key: "host",
    email: DEMO_HOST.email,
    firstName: "Dana",
    lastName: "Host",
    bio: "Runs the Onstage demo channel.",
  },
  {
    key: "admin",
    email: "alex@onstage.test",
    firstName: "Alex",
    lastName: "Admin",
    bio: "Co-host and producer.",
  },
  {
    key: "speaker",
    email: "sam@onstage.test",
    firstName: "Sam",
    lastName: "Speaker",
    bio: "Live video nerd.",
  },
  { key: "moderator", email: "mo@onstage.test", firstName: "Mo", lastName: "Moderator", bio: null },
  { key: "ada", email: "ada@onstage.test", firstName: "Ada", lastName: "Lovelace", bio: null },
  { key: "grace", email: "grace@onstage.test", firstName: "Grace", lastName: "Hopper", bio: null },
  { key: "linus", email: "linus@onstage.test", firstName: "Linus", lastName: "Pauling", bio: null },
] as const;
export type PersonKey = (typeof DEMO_PEOPLE)[number]["key"];

export interface DemoSession {
  title: string;
  description?: string;
  /** Start relative to the moment of seeding; negative for sessions that already ran. */
  startsInMinutes: number;
  durationMinutes?: number;
  state: SessionState;
  sessionType?: SessionType;
  broadcastType?: BroadcastType;
  chat?: { from: PersonKey; text: string }[];
}

export interface DemoEvent {
  fields: Record<string, unknown> & { event_code: string; title: string };
  sessions: DemoSession[];
  roles?: { person: PersonKey; role: EventRole }[];
  tickets?: Record<string, unknown>[];
  coupons?: Record<string, unknown>[];
  questions?: Record<string, unknown>[];
  attendees?: PersonKey[];
}

const DAY = 24 * 60;

export const DEMO_EVENTS: DemoEvent[] = [
  {
    fields: {
      event_code: "office-hours",
      title: "Open Office Hours",
      description: "Drop in and ask the Onstage team anything. No registration needed: the doors are open.",
      access: "open",
      timezone: "America/New_York",
    },
    sessions: [
      {
        title: "Office hours",
        startsInMinutes: -10,
        state: "broadcasting",
        chat: [
          { from: "host", text: "Welcome everyone! Ask away." },
          { from: "ada", text: "Hello from London 👋" },
        ],
      },
    ],
    attendees: ["ada"],
  },
  {
    fields: {
      event_code: "launch-webinar",
      title: "Product Launch Webinar",
      description:
        "See what is new in Onstage: the studio, clips and the new people panel. Live demo and Q&A with the team.",
      access: "registration_required",
      seat_limit: 150,
      custom_register_button_text: "Reserve my seat",
      timezone: "Europe/Berlin",
    },
    sessions: [{ title: "Launch keynote", startsInMinutes: 3 * DAY, state: "scheduled" }],
    roles: [{ person: "speaker", role: "speaker" }],
    questions: [
      { type: "text", question: "What is your company?", is_required: true },
      {
        type: "multiple_choice",
        question: "What is your role?",
        is_required: true,
        answers: ["Marketing", "Engineering", "Sales", "Other"],
      },
      {
        type: "multi_select",
        question: "Which topics interest you?",
        answers: ["Studio", "Clips", "Q&A", "Polls", "RTMP", "Analytics", "Payments"],
      },
      { type: "number", question: "How many events do you run each year?", min: 1, max: 500 },
      { type: "date", question: "When is your next event?" },
      { type: "phone", question: "Phone number" },
      { type: "url", question: "Your website" },
      { type: "checkbox", question: "Send me the recording", is_required: false },
    ],
    attendees: ["ada", "grace"],
  },
  {
    fields: {
      event_code: "masterclass",
      title: "Masterclass: Live Video Production",
      description: "Three hours on lighting, sound and running a multi-camera show from your desk.",
      access: "ticketed",
      event_ticket_currency: "USD",
      seat_limit: 40,
      timezone: "America/Los_Angeles",
    },
    sessions: [{ title: "Masterclass", startsInMinutes: 7 * DAY, durationMinutes: 180, state: "scheduled" }],
    tickets: [
      {
        title: "Community pass",
        description: "For students and non-profits.",
        price_type: "free",
        price_cents: 0,
      },
      {
        title: "Standard",
        description: "Live access and the replay.",
        price_type: "fixed",
        price_cents: 2500,
      },
      {
        title: "Pay what you can",
        description: "Choose your price between $5 and $50.",
        price_type: "sliding",
        price_cents: 500,
        max_value_cents: 5000,
      },
    ],
    coupons: [
      { name: "EARLYBIRD", coupon_type: "percent", value: 20 },
      { name: "TENOFF", coupon_type: "amount", value: 1000 },
    ],
    attendees: ["linus"],
  },
  {
    fields: {
      event_code: "all-hands",
      title: "Team All-Hands",
      description: "Our monthly all-hands. Ask your team lead for the event password (demo: onstage).",
      access: "registration_required",
      password: "onstage",
    },
    sessions: [{ title: "All-hands", startsInMinutes: DAY, state: "scheduled" }],
  },
  {
    fields: {
      event_code: "members-qa",
      title: "Members-only Q&A",
      description: "A live Q&A for members of the demo channel's membership at $5 a month or more.",
      access: "patreon",
      patreon_tier_amount_cents: 500,
    },
    sessions: [{ title: "Members Q&A", startsInMinutes: 5 * DAY, state: "scheduled" }],
  },
  {
    fields: {
      event_code: "investor-briefing",
      title: "Private Investor Briefing",
      description: "Quarterly update for investors. Unlisted: only people with the link can find it.",
      access: "registration_required",
      private: true,
      seat_limit: 20,
    },
    sessions: [{ title: "Briefing", startsInMinutes: 2 * DAY, state: "scheduled", broadcastType: "rtmp" }],
  },
  {
    fields: {
      event_code: "summit",
      title: "Onstage Summit 2026",
      description:
        "A day of talks on live events: keynotes, workshops and a closing panel. Join the lobby between sessions.",
      access: "registration_required",
      multi_session: true,
      timezone: "UTC",
    },
    sessions: [
      {
        title: "Lobby",
        startsInMinutes: -DAY,
        durationMinutes: 3 * DAY,
        state: "broadcasting",
        sessionType: "lobby",
      },
      { title: "Opening keynote", startsInMinutes: -DAY, state: "ended" },
      { title: "Building community", startsInMinutes: -180, state: "postevent" },
      {
        title: "Live production workshop",
        startsInMinutes: -20,
        state: "broadcasting",
        chat: [
          { from: "speaker", text: "We start with lighting: one key light goes a long way." },
          { from: "grace", text: "Is a ring light enough?" },
          { from: "moderator", text: "Great question, Sam will cover it in a minute." },
        ],
      },
      { title: "Speaker soundcheck", startsInMinutes: 30, state: "greenroom" },
      { title: "Rehearsal", startsInMinutes: 45, state: "greenroom" },
      { title: "Closing panel", startsInMinutes: DAY, state: "scheduled", broadcastType: "rtmp-native" },
    ],
    roles: [
      { person: "speaker", role: "speaker" },
      { person: "moderator", role: "moderator" },
      { person: "admin", role: "admin" },
    ],
    attendees: ["ada", "grace", "linus"],
  },
  {
    fields: {
      event_code: "sold-out-workshop",
      title: "Sold-out Workshop: Lighting for Video",
      description: "A hands-on workshop for a small group. Every seat is taken.",
      access: "registration_required",
      seat_limit: 2,
    },
    sessions: [{ title: "Workshop", startsInMinutes: 4 * DAY, state: "scheduled" }],
    attendees: ["ada", "linus"],
  },
  {
    fields: {
      event_code: "spring-town-hall",
      title: "Spring Town Hall",
      description: "Our spring town hall. The replay is available.",
      access: "registration_required",
    },
    sessions: [{ title: "Town hall", startsInMinutes: -30 * DAY, state: "ended" }],
    attendees: ["grace"],
  },
];
