//! `/choose`'s state: the reader's inputs and what the recommendation says, computed from the
//! cost rows with no view code (the components in `components/choose/` show it).

pub mod advice;
pub mod inputs;
