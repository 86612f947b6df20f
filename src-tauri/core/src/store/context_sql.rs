//! The one way a context's five columns go into SQL: `context_matches!()` is the `WHERE`
//! text (optionally for a table alias), and `BindContext::bind_context` binds the five values
//! in the same order. Every table keyed by context (sessions, conversations, clips, the points
//! ledger, balance snapshots) uses the pair instead of binding column by column.

use sqlx::query::{Query, QueryAs, QueryScalar};
use sqlx::sqlite::{Sqlite, SqliteArguments};

use crate::foundation::context::ContextColumns;

/// `origin = ? AND client_id = ? AND subject = ? AND context_kind = ? AND team_id = ?`, or the
/// same with every column prefixed by a table alias (`context_matches!("c.")`). A literal, so
/// it can go into `concat!`.
#[macro_export]
macro_rules! context_matches {
    () => {
        "origin = ? AND client_id = ? AND subject = ? AND context_kind = ? AND team_id = ?"
    };
    ($alias:literal) => {
        concat!(
            $alias,
            "origin = ? AND ",
            $alias,
            "client_id = ? AND ",
            $alias,
            "subject = ? AND ",
            $alias,
            "context_kind = ? AND ",
            $alias,
            "team_id = ?"
        )
    };
}

/// Binds a context's five values in the order of `context_matches!`.
pub trait BindContext<'q>: Sized {
    fn bind_context(self, context: &'q ContextColumns) -> Self;
}

impl<'q> BindContext<'q> for Query<'q, Sqlite, SqliteArguments> {
    fn bind_context(self, c: &'q ContextColumns) -> Self {
        self.bind(&c.origin).bind(&c.client_id).bind(&c.subject).bind(&c.context_kind).bind(&c.team_id)
    }
}

impl<'q, O> BindContext<'q> for QueryAs<'q, Sqlite, O, SqliteArguments> {
    fn bind_context(self, c: &'q ContextColumns) -> Self {
        self.bind(&c.origin).bind(&c.client_id).bind(&c.subject).bind(&c.context_kind).bind(&c.team_id)
    }
}

impl<'q, O> BindContext<'q> for QueryScalar<'q, Sqlite, O, SqliteArguments> {
    fn bind_context(self, c: &'q ContextColumns) -> Self {
        self.bind(&c.origin).bind(&c.client_id).bind(&c.subject).bind(&c.context_kind).bind(&c.team_id)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_aliased_where_text_names_every_column_with_its_alias() {
        assert_eq!(
            context_matches!("c."),
            "c.origin = ? AND c.client_id = ? AND c.subject = ? AND c.context_kind = ? AND c.team_id = ?"
        );
        assert_eq!(context_matches!().matches('?').count(), 5);
    }
}
