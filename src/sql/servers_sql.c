/*
 * servers_sql.c - skill.place_matches: put formed matches on game-server
 * instances (src/core/servers.c decides; this file reads, checks and
 * returns rows).
 *
 * Two forms share everything but how a player's latency to a server is
 * known: measured (a 2-D float8[], one row per player, one column per
 * server, NULL where the server is unreachable) or by region (0 in the
 * player's own region, cross_region_latency elsewhere, NULL: not allowed).
 * Players belong to matches by number (form_matches' match column); the
 * matches are placed in ascending number, the first with priority.
 */
#include "sql/skill.h"

#include <math.h>

#include "catalog/pg_type.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"

#include "core/servers.h"
#include "sql/ids.h"

PG_FUNCTION_INFO_V1(place_matches);
PG_FUNCTION_INFO_V1(place_matches_regions);

/* Arguments both forms start with. */
#define ARG_SERVER_IDS		0
#define ARG_CAPACITIES		1
#define ARG_LOADS			2

/* The latency form: then player_matches, latencies, max_latency, latency_slack. */
#define LARG_PLAYER_MATCHES	3
#define LARG_LATENCIES		4
#define LARG_MAX_LATENCY	5
#define LARG_SLACK			6

/* The region form. */
#define RARG_SERVER_REGIONS	3
#define RARG_PLAYER_MATCHES	4
#define RARG_PLAYER_REGIONS	5
#define RARG_CROSS_LATENCY	6
#define RARG_MAX_LATENCY	7
#define RARG_SLACK			8

/*
 * NULL server_ids is "no servers" (every match unplaced), and the per-server
 * arrays are then not read; a NULL limit is "no limit" (max_latency) or "no
 * other region" (cross_region_latency).  Any other NULL: no rows.
 */
#define PER_SERVER_ARGS (OPTIONAL_ARG(ARG_SERVER_IDS) | OPTIONAL_ARG(ARG_CAPACITIES) | \
						 OPTIONAL_ARG(ARG_LOADS))

/* The worst-latency matrix may hold at most this many cells. */
#define MAX_CELLS			(64 * 1024 * 1024)

typedef struct Placement
{
	IdList		servers;
	int		   *capacity;
	int		   *load;
	int			n_players;
	int		   *match_of_player;	/* index into match_no */
	int			n_matches;
	int		   *match_no;		/* distinct match numbers, ascending */
	double	   *worst;			/* n_matches x n_servers */
} Placement;

/* array must have one element per server (or player), n of them. */
static void
check_length(ArrayType *array, const char *arg, int n, const char *per)
{
	int			count = array_length_1d(array, arg);

	if (count != n)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("%s must have one element per %s", arg, per),
				 errdetail("There are %d of them and %d elements.", n, count)));
}

/* An int[] of exactly n elements (one per "per"), no NULL, each >= 0 if nonnegative. */
static int *
int_list_read(FunctionCallInfo fcinfo, int argno, const char *arg, int n, const char *per,
			  bool nonnegative)
{
	ArrayType  *array;
	int		   *values;
	int			i;

	check_not_null_arg(fcinfo, argno, arg);
	array = PG_GETARG_ARRAYTYPE_P(argno);
	check_length(array, arg, n, per);
	if (array_contains_nulls(array))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s must not contain NULL elements", arg)));
	values = n > 0 ? (int *) ARR_DATA_PTR(array) : NULL;
	for (i = 0; i < n && nonnegative; i++)
		if (values[i] < 0)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s[%d] must not be negative", arg, i + 1)));
	return values;
}

static int
cmp_int(const void *a, const void *b)
{
	int			x = *(const int *) a,
				y = *(const int *) b;

	return x < y ? -1 : x > y;
}

/* Servers, then the players' match numbers; false if there are no players. */
static bool
placement_read(FunctionCallInfo fcinfo, int players_arg, Placement *p)
{
	ArrayType  *matches;
	int		   *numbers,
			   *sorted;
	int			i;

	memset(p, 0, sizeof(*p));
	/* No servers (none free to lock): every match comes back unplaced. */
	if (!PG_ARGISNULL(ARG_SERVER_IDS))
	{
		id_list_read(PG_GETARG_ARRAYTYPE_P(ARG_SERVER_IDS), PG_GET_COLLATION(),
					 "server_ids", "server id",
					 "Each server is one row of the servers table; list it once.", &p->servers);
		p->capacity = int_list_read(fcinfo, ARG_CAPACITIES, "capacities", p->servers.n,
									"server", true);
		p->load = int_list_read(fcinfo, ARG_LOADS, "loads", p->servers.n, "server", true);
		for (i = 0; i < p->servers.n; i++)
			if (p->load[i] > p->capacity[i])
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("loads[%d] must not exceed capacities[%d]", i + 1, i + 1),
						 errdetail("The server runs %d sessions and has room for %d; a full server, or one being drained, has a load equal to its capacity.",
								   p->load[i], p->capacity[i])));
	}
	if (PG_ARGISNULL(players_arg))
		return false;
	matches = PG_GETARG_ARRAYTYPE_P(players_arg);
	p->n_players = array_length_1d(matches, "player_matches");
	if (p->n_players == 0)
		return false;
	numbers = int_list_read(fcinfo, players_arg, "player_matches", p->n_players, "player",
							false);

	/* The distinct match numbers, ascending; each player's index among them. */
	sorted = palloc(sizeof(int) * p->n_players);
	memcpy(sorted, numbers, sizeof(int) * p->n_players);
	qsort(sorted, p->n_players, sizeof(int), cmp_int);
	p->match_no = palloc(sizeof(int) * p->n_players);
	for (i = 0; i < p->n_players; i++)
		if (i == 0 || sorted[i] != sorted[i - 1])
			p->match_no[p->n_matches++] = sorted[i];
	p->match_of_player = palloc(sizeof(int) * p->n_players);
	for (i = 0; i < p->n_players; i++)
	{
		int		   *at = bsearch(&numbers[i], p->match_no, p->n_matches, sizeof(int), cmp_int);

		p->match_of_player[i] = at - p->match_no;
	}
	if ((int64) p->n_matches * p->servers.n > MAX_CELLS)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("place_matches takes at most %d matches times servers", MAX_CELLS),
				 errdetail("There are %d matches and %d servers.", p->n_matches, p->servers.n)));
	p->worst = palloc(sizeof(double) * Max((Size) p->n_matches * p->servers.n, 1));
	for (i = 0; i < p->n_matches * p->servers.n; i++)
		p->worst[i] = 0.0;
	return true;
}

/* A player's latency to a server counts toward its match's worst. */
static inline void
worst_add(Placement *p, int player, int server, double latency)
{
	double	   *cell = &p->worst[(Size) p->match_of_player[player] * p->servers.n + server];

	if (latency > *cell)
		*cell = latency;
}

/* max_latency (NULL: no limit) and latency_slack. */
static void
limits_read(FunctionCallInfo fcinfo, int max_arg, int slack_arg, double *max_latency,
			double *slack)
{
	*max_latency = INFINITY;
	if (!PG_ARGISNULL(max_arg))
	{
		*max_latency = PG_GETARG_FLOAT8(max_arg);
		check_nonnegative("max_latency", *max_latency);
	}
	*slack = PG_GETARG_FLOAT8(slack_arg);
	check_nonnegative("latency_slack", *slack);
}

/* Run the core and return (match, server_id, worst_latency) rows. */
static void
placement_emit(FunctionCallInfo fcinfo, Placement *p, double max_latency, double slack)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	int		   *server = palloc(sizeof(int) * p->n_matches);
	int			m;

	report_core_status(sk_place_matches(p->servers.n, p->capacity, p->load, p->n_matches,
										p->worst, max_latency, slack,
										palloc(sizeof(int) * Max(p->servers.n, 1)), server),
					   "place_matches");
	for (m = 0; m < p->n_matches; m++)
	{
		Datum		values[3];
		bool		nulls[3] = {false, server[m] < 0, server[m] < 0};

		values[0] = Int32GetDatum(p->match_no[m]);
		values[1] = server[m] < 0 ? (Datum) 0 : p->servers.ids[server[m]];
		values[2] = server[m] < 0 ? (Datum) 0
			: Float8GetDatum(p->worst[(Size) m * p->servers.n + server[m]]);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
}

/*
 * place_matches(server_ids anyarray, capacities int[], loads int[],
 *				 player_matches int[], latencies float8[], max_latency float8,
 *				 latency_slack float8)
 * RETURNS TABLE (match int, server_id anyelement, worst_latency float8)
 */
Datum
place_matches(PG_FUNCTION_ARGS)
{
	Placement	p;
	double		max_latency,
				slack;
	int			i,
				s;

	if (required_arg_null_srf(fcinfo, PER_SERVER_ARGS | OPTIONAL_ARG(LARG_LATENCIES) |
							  OPTIONAL_ARG(LARG_MAX_LATENCY)))
		return (Datum) 0;
	InitMaterializedSRF(fcinfo, 0);
	limits_read(fcinfo, LARG_MAX_LATENCY, LARG_SLACK, &max_latency, &slack);
	if (!placement_read(fcinfo, LARG_PLAYER_MATCHES, &p))
		PG_RETURN_NULL();
	if (p.servers.n > 0)
	{
		ArrayType  *latencies;
		const double *direct = NULL;
		Datum	   *elems = NULL;
		bool	   *nulls = NULL;
		int			count;

		check_not_null_arg(fcinfo, LARG_LATENCIES, "latencies");
		latencies = PG_GETARG_ARRAYTYPE_P(LARG_LATENCIES);
		if (ARR_NDIM(latencies) != 2 || ARR_DIMS(latencies)[0] != p.n_players ||
			ARR_DIMS(latencies)[1] != p.servers.n)
			ereport(ERROR,
					(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
					 errmsg("latencies must be a %d x %d array, one row per player and one column per server",
							p.n_players, p.servers.n)));
		/* Without NULLs the doubles are read in place (no Datum per cell). */
		if (ARR_HASNULL(latencies))
			deconstruct_array(latencies, FLOAT8OID, sizeof(float8), FLOAT8PASSBYVAL,
							  TYPALIGN_DOUBLE, &elems, &nulls, &count);
		else
			direct = (const double *) ARR_DATA_PTR(latencies);
		for (i = 0; i < p.n_players; i++)
		{
			CHECK_FOR_INTERRUPTS();
			for (s = 0; s < p.servers.n; s++)
			{
				int			k = i * p.servers.n + s;
				bool		unreachable = direct == NULL && nulls[k];
				double		latency = direct != NULL ? direct[k]
					: unreachable ? INFINITY : DatumGetFloat8(elems[k]);

				if (!unreachable && !isfinite(latency))
					ereport(ERROR,
							(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
							 errmsg("latencies[%d][%d] must be a finite number", i + 1, s + 1),
							 errdetail("Give NULL for a server the player cannot reach.")));
				if (latency < 0.0)
					ereport(ERROR,
							(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
							 errmsg("latencies[%d][%d] must not be negative", i + 1, s + 1)));
				worst_add(&p, i, s, latency);
			}
		}
	}
	placement_emit(fcinfo, &p, max_latency, slack);
	PG_RETURN_NULL();
}

/* A text[] of n elements without NULL, as C strings. */
static char **
text_list_read(FunctionCallInfo fcinfo, int argno, const char *arg, int n, const char *per)
{
	ArrayType  *array;
	Datum	   *elems;
	bool	   *nulls;
	char	  **values = palloc(sizeof(char *) * Max(n, 1));
	int			count,
				i;

	check_not_null_arg(fcinfo, argno, arg);
	array = PG_GETARG_ARRAYTYPE_P(argno);
	check_length(array, arg, n, per);
	if (n == 0)
		return values;
	deconstruct_array(array, TEXTOID, -1, false, TYPALIGN_INT, &elems, &nulls, &count);
	for (i = 0; i < n; i++)
	{
		if (nulls[i])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("%s must not contain NULL elements", arg)));
		values[i] = TextDatumGetCString(elems[i]);
	}
	return values;
}

/*
 * place_matches(server_ids anyarray, capacities int[], loads int[],
 *				 server_regions text[], player_matches int[], player_regions text[],
 *				 cross_region_latency float8, max_latency float8, latency_slack float8)
 * A player's latency is 0 in its own region, cross_region_latency elsewhere
 * (NULL: other regions are unreachable).
 */
Datum
place_matches_regions(PG_FUNCTION_ARGS)
{
	Placement	p;
	double		max_latency,
				slack,
				cross = INFINITY;
	char	  **server_region,
			  **player_region;
	int			i,
				s;

	if (required_arg_null_srf(fcinfo, PER_SERVER_ARGS | OPTIONAL_ARG(RARG_SERVER_REGIONS) |
							  OPTIONAL_ARG(RARG_CROSS_LATENCY) | OPTIONAL_ARG(RARG_MAX_LATENCY)))
		return (Datum) 0;
	InitMaterializedSRF(fcinfo, 0);
	limits_read(fcinfo, RARG_MAX_LATENCY, RARG_SLACK, &max_latency, &slack);
	if (!PG_ARGISNULL(RARG_CROSS_LATENCY))
	{
		cross = PG_GETARG_FLOAT8(RARG_CROSS_LATENCY);
		check_nonnegative("cross_region_latency", cross);
	}
	if (!placement_read(fcinfo, RARG_PLAYER_MATCHES, &p))
		PG_RETURN_NULL();
	server_region = p.servers.n == 0 ? NULL
		: text_list_read(fcinfo, RARG_SERVER_REGIONS, "server_regions", p.servers.n, "server");
	player_region = text_list_read(fcinfo, RARG_PLAYER_REGIONS, "player_regions",
								   p.n_players, "player");
	for (i = 0; i < p.n_players; i++)
	{
		CHECK_FOR_INTERRUPTS();
		for (s = 0; s < p.servers.n; s++)
			worst_add(&p, i, s, strcmp(player_region[i], server_region[s]) == 0 ? 0.0 : cross);
	}
	placement_emit(fcinfo, &p, max_latency, slack);
	PG_RETURN_NULL();
}
