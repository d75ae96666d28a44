/*
 * ims_sql.c - skill.ims_rate: the IMS matchmaker's rate endpoint
 * (shared design notes, "Rating Calculation") as one SQL function.
 *
 * The request is read here, the match is rated by the OpenSkill core
 * (Plackett-Luce, tau 0, the request's epsilon as kappa), and the response
 * is built in the endpoint's shape: teams in request order, each with its
 * teamId and its players' playerId, mu and sigma.  Errors name the JSON
 * path of the offending value (0-based indexes, as in JSON path).
 */
#include "sql/skill.h"

#include <limits.h>

#include "utils/fmgrprotos.h"
#include "utils/numeric.h"

#include "sql/jsonb_args.h"

#include "core/openskill.h"

PG_FUNCTION_INFO_V1(ims_rate);

/* The endpoint's config, with the IMS docs' recommended values as defaults. */
typedef struct ImsConfig
{
	double		beta;
	double		epsilon;
	double		mu;
	double		sigma;
} ImsConfig;

/* One rated match, flat as the core lays it out (openskill.h). */
typedef struct ImsMatch
{
	int			n_teams;
	int			n_players;
	int		   *team_start;
	double	   *ranks;
	double	   *mu;
	double	   *sigma;
	JsonbValue **team_ids;
	JsonbValue **player_ids;
} ImsMatch;

static JsonbValue *
required(JsonbContainer *object, const char *key, const char *path)
{
	JsonbValue *v = container_get(object, key);

	if (v == NULL || v->type == jbvNull)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s.%s is missing", path, key)));
	return v;
}

/* An id is echoed back as given: a string or a number. */
static JsonbValue *
id_read(JsonbContainer *object, const char *key, const char *path)
{
	JsonbValue *v = required(object, key, path);

	if (v->type != jbvString && v->type != jbvNumeric)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("%s.%s must be a string or a number", path, key)));
	return v;
}

/*
 * The keys of config and of a player (the IMS docs'): a misspelt one
 * ("bta", "sigmma") would leave its default in place without a word.
 * Other keys of the request are not read and may carry anything.
 */
static const char *const config_keys[] = {"modelId", "beta", "epsilon", "mu", "sigma"};
static const char *const player_keys[] = {"playerId", "mu", "sigma"};

static void
config_read(Jsonb *request, ImsConfig *c)
{
	JsonbValue *config = object_get(request, "config");
	JsonbContainer *object;
	JsonbValue *model;

	c->beta = 5.0;
	c->epsilon = 0.001;
	c->mu = 30.0;
	c->sigma = 10.0;
	if (config == NULL)
		return;
	object = jsonb_object_value(config, "request.config");
	check_known_object_keys(object, config_keys, lengthof(config_keys), "request.config");
	model = container_get(object, "modelId");
	if (model != NULL &&
		!(model->type == jbvString && model->val.string.len == strlen("PLACKETT_LUCE") &&
		  memcmp(model->val.string.val, "PLACKETT_LUCE", model->val.string.len) == 0))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("request.config.modelId must be \"PLACKETT_LUCE\""),
				 errdetail("The IMS rate endpoint supports Plackett-Luce only; skill.bt_full_rate and the other OpenSkill models take arrays.")));
	c->beta = jsonb_number_or(object, "request.config", "beta", c->beta);
	check_positive("request.config.beta", c->beta);
	c->epsilon = jsonb_number_or(object, "request.config", "epsilon", c->epsilon);
	check_positive("request.config.epsilon", c->epsilon);
	c->mu = jsonb_number_or(object, "request.config", "mu", c->mu);
	c->sigma = jsonb_number_or(object, "request.config", "sigma", c->sigma);
	check_positive("request.config.sigma", c->sigma);
}

/* One team's players into the flat arrays, from index first on. */
static void
players_read(JsonbContainer *players, const char *path, const ImsConfig *c,
			 ImsMatch *m, int first)
{
	int			n = JsonContainerSize(players),
				i;

	for (i = 0; i < n; i++)
	{
		JsonbValue *v = getIthJsonbValueFromContainer(players, i);
		char		at[NAMEDATALEN * 2];
		JsonbContainer *player;

		/* On the stack: a path per player is needed only for an error. */
		snprintf(at, sizeof(at), "%s[%d]", path, i);
		player = jsonb_object_value(v, at);
		check_known_object_keys(player, player_keys, lengthof(player_keys), at);

		m->player_ids[first + i] = id_read(player, "playerId", at);
		m->mu[first + i] = jsonb_number_or(player, at, "mu", c->mu);
		m->sigma[first + i] = jsonb_number_or(player, at, "sigma", c->sigma);
		if (!(m->sigma[first + i] > 0.0))
			check_positive(psprintf("%s.sigma", at), m->sigma[first + i]);
	}
}

static void
teams_read(Jsonb *request, const ImsConfig *c, ImsMatch *m)
{
	JsonbContainer *teams;
	JsonbContainer **players;
	const char **paths;
	int			t;

	teams = jsonb_array_value(required(&request->root, "teams", "request"), "request.teams");
	m->n_teams = JsonContainerSize(teams);
	if (m->n_teams < 2)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("request.teams must hold at least 2 teams")));
	m->team_start = palloc(sizeof(int) * (m->n_teams + 1));
	m->ranks = palloc(sizeof(double) * m->n_teams);
	m->team_ids = palloc(sizeof(JsonbValue *) * m->n_teams);
	players = palloc(sizeof(JsonbContainer *) * m->n_teams);
	paths = palloc(sizeof(char *) * m->n_teams);

	/* First pass: the teams and their sizes; then the players, flat. */
	m->team_start[0] = 0;
	for (t = 0; t < m->n_teams; t++)
	{
		char	   *at = psprintf("request.teams[%d]", t);
		JsonbContainer *entry = jsonb_object_value(getIthJsonbValueFromContainer(teams, t), at);
		char	   *team_at = psprintf("%s.team", at);
		JsonbContainer *team;
		int			size;

		m->ranks[t] = jsonb_whole(required(entry, "rank", at), psprintf("%s.rank", at),
								  0, INT_MAX);
		team = jsonb_object_value(required(entry, "team", at), team_at);
		m->team_ids[t] = id_read(team, "teamId", team_at);
		paths[t] = psprintf("%s.players", team_at);
		players[t] = jsonb_array_value(required(team, "players", team_at), paths[t]);
		size = JsonContainerSize(players[t]);
		if (size < 1)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("%s must hold at least one player", paths[t])));
		if (m->team_start[t] > INT_MAX / 2 - size)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("request.teams holds too many players")));
		m->team_start[t + 1] = m->team_start[t] + size;
	}
	m->n_players = m->team_start[m->n_teams];
	m->mu = palloc(sizeof(double) * m->n_players);
	m->sigma = palloc(sizeof(double) * m->n_players);
	m->player_ids = palloc(sizeof(JsonbValue *) * m->n_players);
	for (t = 0; t < m->n_teams; t++)
		players_read(players[t], paths[t], c, m, m->team_start[t]);
}

/* Ids in jsonb order: strings before numbers, then by bytes or by value. */
static int
id_cmp(const JsonbValue *x, const JsonbValue *y)
{
	int			c;

	if (x->type != y->type)
		return x->type == jbvString ? -1 : 1;
	if (x->type != jbvString)
		return DatumGetInt32(DirectFunctionCall2(numeric_cmp, NumericGetDatum(x->val.numeric),
												 NumericGetDatum(y->val.numeric)));
	c = memcmp(x->val.string.val, y->val.string.val,
			   Min(x->val.string.len, y->val.string.len));
	return c != 0 ? c : (x->val.string.len > y->val.string.len) - (x->val.string.len < y->val.string.len);
}

/* Player indexes by id, then by position in the request. */
static int
cmp_player_order(const void *a, const void *b, void *arg)
{
	JsonbValue **ids = arg;
	int			i = *(const int *) a,
				j = *(const int *) b;
	int			c = id_cmp(ids[i], ids[j]);

	return c != 0 ? c : (i > j) - (i < j);
}

/* The path of flat player k, e.g. request.teams[1].team.players[0]. */
static char *
player_path(const ImsMatch *m, int k)
{
	int			t = 0;

	while (m->team_start[t + 1] <= k)
		t++;
	return psprintf("request.teams[%d].team.players[%d]", t, k - m->team_start[t]);
}

/*
 * A player rates once per match: the same playerId twice (in one team or
 * in two) would get two different new ratings.  Ids are the same when they
 * are equal jsonb values ("7" and 7 are two ids).
 */
static void
check_players_unique(const ImsMatch *m)
{
	int		   *order = palloc(sizeof(int) * m->n_players);
	int			i;

	for (i = 0; i < m->n_players; i++)
		order[i] = i;
	qsort_arg(order, m->n_players, sizeof(int), cmp_player_order, m->player_ids);
	for (i = 1; i < m->n_players; i++)
	{
		const JsonbValue *id = m->player_ids[order[i - 1]];
		char	   *text;

		if (id_cmp(id, m->player_ids[order[i]]) != 0)
			continue;
		if (id->type == jbvString)
			text = psprintf("\"%.*s\"", id->val.string.len, id->val.string.val);
		else
			text = DatumGetCString(DirectFunctionCall1(numeric_out,
													   NumericGetDatum(id->val.numeric)));
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("playerId %s appears twice in request.teams", text),
				 errdetail("%s and %s are the same player; a player is rated once per match.",
						   player_path(m, order[i - 1]), player_path(m, order[i]))));
	}
	pfree(order);
}

static void
push_key(JsonbParseState **state, const char *key)
{
	JsonbValue	k;

	k.type = jbvString;
	k.val.string.val = (char *) key;
	k.val.string.len = strlen(key);
	pushJsonbValue(state, WJB_KEY, &k);
}

/* {"teams": [{"teamId": .., "players": [{"playerId": .., "mu": .., "sigma": ..}]}]} */
static Jsonb *
response_build(const ImsMatch *m)
{
	JsonbParseState *state = NULL;
	JsonbValue *result;
	int			t,
				k;

	pushJsonbValue(&state, WJB_BEGIN_OBJECT, NULL);
	push_key(&state, "teams");
	pushJsonbValue(&state, WJB_BEGIN_ARRAY, NULL);
	for (t = 0; t < m->n_teams; t++)
	{
		pushJsonbValue(&state, WJB_BEGIN_OBJECT, NULL);
		push_key(&state, "teamId");
		pushJsonbValue(&state, WJB_VALUE, m->team_ids[t]);
		push_key(&state, "players");
		pushJsonbValue(&state, WJB_BEGIN_ARRAY, NULL);
		for (k = m->team_start[t]; k < m->team_start[t + 1]; k++)
		{
			pushJsonbValue(&state, WJB_BEGIN_OBJECT, NULL);
			push_key(&state, "playerId");
			pushJsonbValue(&state, WJB_VALUE, m->player_ids[k]);
			push_key(&state, "mu");
			pushJsonbValue(&state, WJB_VALUE, jsonb_from_float8(m->mu[k]));
			push_key(&state, "sigma");
			pushJsonbValue(&state, WJB_VALUE, jsonb_from_float8(m->sigma[k]));
			pushJsonbValue(&state, WJB_END_OBJECT, NULL);
		}
		pushJsonbValue(&state, WJB_END_ARRAY, NULL);
		pushJsonbValue(&state, WJB_END_OBJECT, NULL);
	}
	pushJsonbValue(&state, WJB_END_ARRAY, NULL);
	result = pushJsonbValue(&state, WJB_END_OBJECT, NULL);
	return JsonbValueToJsonb(result);
}

/*
 * ims_rate(request jsonb) -> jsonb: Plackett-Luce with the request's beta,
 * kappa = epsilon and tau 0; a player without mu or sigma takes config's.
 */
Datum
ims_rate(PG_FUNCTION_ARGS)
{
	Jsonb	   *request = PG_GETARG_JSONB_P(0);
	ImsConfig	config;
	ImsMatch	m;
	sk_os_params params;
	sk_os_match match;
	sk_status	status;

	check_object(request, "request");
	config_read(request, &config);
	teams_read(request, &config, &m);
	check_players_unique(&m);

	sk_os_default_params(&params, SK_OS_PLACKETT_LUCE);
	params.beta = config.beta;
	params.kappa = config.epsilon;
	params.tau = 0.0;
	memset(&match, 0, sizeof(match));
	match.n_teams = m.n_teams;
	match.team_start = m.team_start;
	match.mu = m.mu;
	match.sigma = m.sigma;
	match.ranks = m.ranks;
	status = sk_os_rate(&params, &match, m.mu, m.sigma,
						palloc(sk_os_workspace_size(m.n_teams, m.n_players)));
	report_core_status(status, "ims_rate");
	PG_RETURN_JSONB_P(response_build(&m));
}
