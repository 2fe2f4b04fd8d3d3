import { users } from "./schema";

/**
 * Who wrote, changed or asked for a row, as lists and logs name them: the user's id and name
 * (joined on users; with a left join all three are null when nobody is recorded).
 */
export const userNameColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
};
