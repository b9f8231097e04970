import { expect, test } from "vitest";
import { magicLinkMail, passwordResetMail, verifyEmailMail } from "./mails";

type Input = Parameters<typeof verifyEmailMail>[0];

const LINK = "https://onstage.test/auth/link?next=%2Fc%2Fdemo&x=1#token=abc";
const base: Input = { to: "ana@example.test", firstName: "Ana", link: LINK, minutesValid: 15 };

const MAILS = [
  {
    case: "sign-in link",
    build: (i: Input) => magicLinkMail({ ...i, action: "login" }),
    subject: "Your Onstage sign-in link",
  },
  {
    case: "sign-up confirmation",
    build: (i: Input) => magicLinkMail({ ...i, action: "signup_confirm" }),
    subject: "Confirm your email for Onstage",
  },
  { case: "e-mail verification", build: verifyEmailMail, subject: "Verify your email" },
  { case: "password reset", build: passwordResetMail, subject: "Reset your Onstage password" },
];

test.each(MAILS)(
  "$case: '$subject', the link in both parts, valid once for the given minutes",
  ({ build, subject }) => {
    const mail = build(base);
    expect(mail.to).toBe("ana@example.test");
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain("Hi Ana,");
    expect(mail.text).toContain(LINK);
    expect(mail.text).toContain("This link works once and expires in 15 minutes.");
    expect(mail.html).toContain("Hi Ana,");
    // Once on the button and once as the plain link under it; & is escaped in attribute and text alike.
    const escapedLink = LINK.replaceAll("&", "&amp;");
    expect(mail.html.split(`href="${escapedLink}"`)).toHaveLength(3);
    expect(mail.html).toContain(`>${escapedLink}</a>`);
    expect(mail.html).toContain("#EC5F3E");
  },
);

test.each(MAILS)("$case: a first name is escaped in the HTML part", ({ build }) => {
  const mail = build({ ...base, firstName: "<script>alert(1)</script>" });
  expect(mail.html).not.toContain("<script>");
  expect(mail.html).toContain("Hi &lt;script&gt;alert(1)&lt;/script&gt;,");
  expect(mail.text).toContain("Hi <script>alert(1)</script>,");
});

test.each(MAILS)("$case: a link with markup cannot break out of the href", ({ build }) => {
  const mail = build({ ...base, link: 'https://onstage.test/"><img src=x>' });
  expect(mail.html).not.toContain("<img");
  expect(mail.html).toContain('href="https://onstage.test/&quot;&gt;&lt;img src=x&gt;"');
});

test.each([null, "", "   "])("a missing first name (%j) greets with 'Hi there,'", (firstName) => {
  const mail = verifyEmailMail({ ...base, firstName });
  expect(mail.text.startsWith("Hi there,")).toBe(true);
  expect(mail.html).toContain("Hi there,");
});

test("the password reset mail says an unasked reset leaves the password unchanged", () => {
  expect(passwordResetMail(base).text).toContain(
    "If you did not ask for this, ignore this mail; your password is unchanged.",
  );
});
