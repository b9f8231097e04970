import type { CustomAnswers, CustomRegistrationField, RegisterRequest } from "@onstage/domain";

/** The wire's `custom_registration_field_answers`: this event's questions that have an answer. */
export function answerList(
  fields: readonly CustomRegistrationField[],
  answers: CustomAnswers,
): NonNullable<RegisterRequest["custom_registration_field_answers"]> {
  return fields.flatMap((field) => {
    const answer = answers[field.id]?.trim() ?? "";
    return answer === "" ? [] : [{ field_id: field.id, answer }];
  });
}
