/*
 * test_openskill.c - the OpenSkill core against cases of
 * tests/vectors/openskill.jsonl (openskill.py 6.2.0), its quirks, extreme
 * inputs and input rejection.
 */
#include <float.h>
#include <stdint.h>
#include <string.h>

#include "openskill.h"
#include "unit.h"

#define MAX_T	8
#define MAX_P	10
#define TOL		1e-9

enum
{
	OP_WIN, OP_DRAW, OP_RANK
};

typedef struct rate_case
{
	const char *id;				/* vector id without the "openskill/" prefix */
	sk_os_model model;
	double		beta,
				kappa,
				tau,
				margin,
				epsilon;
	int			window_size,
				limit_sigma,
				balance,
				use_weight_bounds;
	double		weight_lo,
				weight_hi;
	int			n_teams;
	int			team_start[MAX_T + 1];
	double		mu[MAX_P];
	double		sigma[MAX_P];
	int			has_ranks;
	double		ranks[MAX_T];
	int			has_scores;
	double		scores[MAX_T];
	int			has_weights;
	double		weights[MAX_P];
	double		want_mu[MAX_P];
	double		want_sigma[MAX_P];
} rate_case;

typedef struct predict_case
{
	const char *id;
	int			op;
	double		beta;
	int			n_teams;
	int			team_start[MAX_T + 1];
	double		mu[MAX_P];
	double		sigma[MAX_P];
	double		want_prob[MAX_T];	/* predict_draw: one value */
	int			want_rank[MAX_T];
} predict_case;

typedef struct ordinal_case
{
	double		mu,
				sigma,
				z,
				alpha,
				target,
				want;
} ordinal_case;

/* Cases copied from tests/vectors/openskill.jsonl; ids in the comments. */
static const rate_case rate_cases[] = {
	/* openskill/PlackettLuce/rate/ims-matchmaker-worked-example */
	{"PlackettLuce/rate/ims-matchmaker-worked-example", SK_OS_PLACKETT_LUCE,
		5, 0.001, 0, 0, 0.1, 4, 0, 0, 1, 1, 2,
		2, {0, 2, 4},
		{35, 32.1, 30.5, 29.5},
		{5.1, 2.9, 4.4, 9.4},
		1, {1, 2},
		0, {0},
		0, {0},
		{35.703050324698204, 32.32732230798585, 29.976699181616407, 27.111629116096374},
		{5.065653319815339, 2.8936994946797667, 4.360939109491974, 9.012856163163935}},
	/* openskill/PlackettLuce/rate/openskill-docs-2v2-example */
	{"PlackettLuce/rate/openskill-docs-2v2-example", SK_OS_PLACKETT_LUCE,
		4.166666666666667, 0.0001, 0, 0, 0.1, 4, 0, 0, 1, 1, 2,
		2, {0, 2, 4},
		{25, 32.444, 43.381, 25.188},
		{8.333333333333334, 5.123, 2.421, 6.211},
		1, {1, 2},
		0, {0},
		0, {0},
		{28.669648436582808, 33.83086971107981, 43.071274808241974, 23.149503312339064},
		{8.071520788025197, 5.062772998705765, 2.4166900452721256, 6.1378606973362135}},
	/* openskill/PlackettLuce/rate/1v1-win-no-ranks-list-order */
	{"PlackettLuce/rate/1v1-win-no-ranks-list-order", SK_OS_PLACKETT_LUCE,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		2, {0, 1, 2},
		{29.2362, 30.9224},
		{3.8319, 5.0158},
		0, {0},
		0, {0},
		0, {0},
		{30.169522505297202, 29.323584535172188},
		{3.79109029164653, 4.8932294303389945}},
	/* openskill/PlackettLuce/rate/4teams-ties-shuffled-random */
	{"PlackettLuce/rate/4teams-ties-shuffled-random", SK_OS_PLACKETT_LUCE,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		4, {0, 1, 3, 4, 6},
		{36.7307, 31.4902, 35.0191, 17.4201, 21.7959, 18.8367},
		{5.4474, 3.5775, 5.8043, 7.3661, 5.6649, 5.3621},
		1, {2, 3, 1, 2},
		0, {0},
		0, {0},
		{37.22934704886459, 30.343446401995635, 32.0014806441091, 20.66648357126919, 22.210886742235026, 19.208518039108505},
		{5.426806230508764, 3.5635891630769607, 5.741157203972955, 7.355080698127155, 5.623441586149681, 5.327080922185084}},
	/* openskill/PlackettLuce/rate/8players-ffa-random-shuffled */
	{"PlackettLuce/rate/8players-ffa-random-shuffled", SK_OS_PLACKETT_LUCE,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		8, {0, 1, 2, 3, 4, 5, 6, 7, 8},
		{10.8466, 17.0731, 21.3361, 15.7619, 34.9456, 29.5446, 33.0282, 16.8312},
		{6.1973, 3.4542, 5.8259, 7.7143, 4.3542, 7.6387, 5.9579, 7.3659},
		1, {8, 1, 7, 3, 4, 5, 2, 6},
		0, {0},
		0, {0},
		{8.806430055545203, 17.585489313345008, 19.980164756614954, 17.74239284179584, 34.89629026781376, 29.00424087051983, 34.03318885255442, 16.853440332868605},
		{6.130583869477237, 3.4545947187430057, 5.756942817337846, 7.665423424875416, 4.340498390921091, 7.480346947771904, 5.937328676776667, 7.244323866623747}},
	/* openskill/PlackettLuce/rate/3teams-scores */
	{"PlackettLuce/rate/3teams-scores", SK_OS_PLACKETT_LUCE,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		3, {0, 1, 2, 3},
		{35.0128, 17.6925, 12.0645},
		{4.4375, 6.221, 2.9848},
		0, {0},
		1, {10, 3, 7},
		0, {0},
		{35.45740774137488, 14.928155646661306, 12.500000012155974},
		{4.410567407359324, 6.008526127975331, 2.976264274786952}},
	/* openskill/PlackettLuce/rate/3teams-scores-margin2 */
	{"PlackettLuce/rate/3teams-scores-margin2", SK_OS_PLACKETT_LUCE,
		4.166666666666667, 0.0001, 0.08333333333333333, 2, 0.1, 4, 0, 0, 1, 1, 2,
		3, {0, 1, 2, 3},
		{34.6927, 18.2403, 12.6893},
		{7.7661, 4.4892, 5.675},
		0, {0},
		1, {10, 3, 7},
		0, {0},
		{36.632040591159296, 16.716809434661805, 14.08794462557166},
		{7.55520220079884, 4.449610031667608, 5.59463987663204}},
	/* openskill/PlackettLuce/rate/3v1-weights-default-bounds */
	{"PlackettLuce/rate/3v1-weights-default-bounds", SK_OS_PLACKETT_LUCE,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		2, {0, 3, 4},
		{28.2192, 20.0965, 16.1765, 25.3448},
		{7.7173, 5.4887, 2.8256, 6.7834},
		1, {2, 1},
		0, {0},
		1, {0.5, 1, 0.75, 1},
		{23.985998728635323, 19.02572898532593, 15.79788727894675, 31.886308389055444},
		{7.671775032781308, 5.481079644623608, 2.8253265575825837, 6.741041310177281}},
	/* openskill/PlackettLuce/rate/2v2-weights-no-bounds */
	{"PlackettLuce/rate/2v2-weights-no-bounds", SK_OS_PLACKETT_LUCE,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 0, 1, 2,
		2, {0, 2, 4},
		{28.8212, 20.3758, 37.612, 11.354},
		{1.671, 5.1639, 1.4924, 4.0022},
		1, {1, 2},
		0, {0},
		1, {1, 0.5, 0.25, 0.75},
		{28.973373587632018, 21.100813921648403, 37.12616357123399, 10.192465354441007},
		{1.6688271733038254, 5.101772788177515, 1.4851660568003042, 3.941587864333439}},
	/* openskill/PlackettLuce/rate/limit-sigma-on-tau1 */
	{"PlackettLuce/rate/limit-sigma-on-tau1", SK_OS_PLACKETT_LUCE,
		4.166666666666667, 0.0001, 1, 0, 0.1, 4, 1, 0, 1, 1, 2,
		3, {0, 2, 3, 5},
		{30, 22, 27, 25, 26},
		{1, 1.5, 1.2, 2, 0.8},
		1, {1, 2, 3},
		0, {0},
		0, {0},
		{30.118326468365556, 22.19228051109403, 27.27723047124442, 24.136088601126232, 25.716637061169404},
		{1, 1.5, 1.2, 2, 0.8}},
	/* openskill/PlackettLuce/rate/2v2-balance */
	{"PlackettLuce/rate/2v2-balance", SK_OS_PLACKETT_LUCE,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 1, 1, 1, 2,
		2, {0, 2, 4},
		{35, 15, 26, 24},
		{3, 6, 4, 4.5},
		1, {2, 1},
		0, {0},
		0, {0},
		{34.62439201210576, 13.498436840993339, 26.66752229151598, 24.84475597585775},
		{2.9913207739375176, 5.921564261418011, 3.988535295056333, 4.483207126999792}},
	/* openskill/PlackettLuce/rate/8players-kappa-floor */
	{"PlackettLuce/rate/8players-kappa-floor", SK_OS_PLACKETT_LUCE,
		0.5, 0.0001, 0, 0, 0.1, 4, 0, 0, 1, 1, 2,
		8, {0, 1, 2, 3, 4, 5, 6, 7, 8},
		{25, 25, 25, 25, 25, 25, 25, 25},
		{0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 100},
		1, {1, 2, 3, 4, 5, 6, 7, 8},
		0, {0},
		0, {0},
		{25.000087490945155, 25.00007320670921, 25.00005654176728, 25.000036543836956, 25.000011546424055, 24.999978216540185, 24.99992822171438, -146.7679372241269},
		{0.09999999999453295, 0.0999999999884124, 0.09999999998147012, 0.09999999997347259, 0.09999999996410051, 0.09999999995299284, 0.09999999994049673, 1}},
	/* openskill/BradleyTerryFull/rate/4teams-ties-1223-random */
	{"BradleyTerryFull/rate/4teams-ties-1223-random", SK_OS_BT_FULL,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		4, {0, 2, 3, 5, 6},
		{13.3534, 26.5635, 23.5663, 13.6962, 18.3064, 24.4836},
		{6.429, 1.8857, 1.5385, 4.2095, 4.6683, 1.2346},
		1, {1, 2, 2, 3},
		0, {0},
		0, {0},
		{15.934483205926266, 26.785951185188786, 23.79505600048218, 13.31684279755662, 17.839877040734287, 24.273217605436393},
		{5.958749099616021, 1.8760296623966137, 1.5365312743796726, 4.022362491465627, 4.411317525313696, 1.2356156003251817}},
	/* openskill/BradleyTerryFull/rate/2teams-scores-margin2-blowout */
	{"BradleyTerryFull/rate/2teams-scores-margin2-blowout", SK_OS_BT_FULL,
		4.166666666666667, 0.0001, 0.08333333333333333, 2, 0.1, 4, 0, 0, 1, 1, 2,
		2, {0, 2, 4},
		{30.3938, 15.7314, 33.9183, 21.9068},
		{8.1874, 3.3101, 2.0792, 2.3119},
		0, {0},
		1, {21, 5},
		0, {0},
		{34.020068802033684, 16.324435083143214, 33.68408613698253, 21.617315725466284},
		{7.745775127952484, 3.282579882313504, 2.0783804835831012, 2.3099810224077855}},
	/* openskill/BradleyTerryFull/rate/2v2-weights-default-bounds */
	{"BradleyTerryFull/rate/2v2-weights-default-bounds", SK_OS_BT_FULL,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		2, {0, 2, 4},
		{15.2043, 20.6369, 28.2803, 38.1127},
		{8.094, 3.9048, 5.593, 4.6724},
		1, {1, 2},
		0, {0},
		1, {1, 0.5, 0.2, 0.8},
		{24.419133277686747, 21.7096052255482, 26.080054744841142, 37.34485561475237},
		{7.9199184637782025, 3.8959804618038176, 5.57047214627247, 4.666403115982323}},
	/* openskill/BradleyTerryFull/rate/2v2-balance */
	{"BradleyTerryFull/rate/2v2-balance", SK_OS_BT_FULL,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 1, 1, 1, 2,
		2, {0, 2, 4},
		{35, 15, 26, 24},
		{3, 6, 4, 4.5},
		1, {2, 1},
		0, {0},
		0, {0},
		{34.62439201210576, 13.498436840993339, 26.66752229151598, 24.84475597585775},
		{2.9913207739375176, 5.921564261418011, 3.988535295056333, 4.483207126999792}},
	/* openskill/BradleyTerryPart/rate/8players-window-2 */
	{"BradleyTerryPart/rate/8players-window-2", SK_OS_BT_PART,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 2, 0, 0, 1, 1, 2,
		8, {0, 1, 2, 3, 4, 5, 6, 7, 8},
		{13.162, 33.4626, 33.1368, 30.1878, 26.2457, 13.9372, 25.1922, 19.8612},
		{2.5041, 1.0142, 5.2371, 8.5844, 1.2221, 4.9708, 8.7656, 2.9404},
		1, {1, 2, 3, 4, 5, 6, 7, 8},
		0, {0},
		0, {0},
		{13.974139303143811, 33.44678946464073, 32.46533447434614, 29.782198110475502, 26.242186752217624, 14.582910459128366, 23.348505342177326, 19.35853271731246},
		{2.5027246007670314, 1.01746455733049, 5.123945371615993, 8.10953323313113, 1.2246209767688534, 4.90082635463872, 8.24680943669008, 2.930871480529991}},
	/* openskill/BradleyTerryPart/rate/3teams-scores-margin2 */
	{"BradleyTerryPart/rate/3teams-scores-margin2", SK_OS_BT_PART,
		4.166666666666667, 0.0001, 0.08333333333333333, 2, 0.1, 4, 0, 0, 1, 1, 2,
		3, {0, 1, 2, 3},
		{10.0547, 12.6694, 11.0705},
		{7.7712, 1.7393, 4.3828},
		0, {0},
		1, {10, 3, 7},
		0, {0},
		{13.197441963895828, 12.476109756376875, 11.295601370314735},
		{7.341059778214259, 1.7393838257851795, 4.310991160926448}},
	/* openskill/BradleyTerryPart/rate/limit-sigma-on-tau1 */
	{"BradleyTerryPart/rate/limit-sigma-on-tau1", SK_OS_BT_PART,
		4.166666666666667, 0.0001, 1, 0, 0.1, 4, 1, 0, 1, 1, 2,
		3, {0, 2, 3, 5},
		{30, 22, 27, 25, 26},
		{1, 1.5, 1.2, 2, 0.8},
		1, {1, 2, 3},
		0, {0},
		0, {0},
		{30.071116165515637, 22.115563768962907, 27.17561141319353, 24.46235013294548, 25.823650843606117},
		{1, 1.5, 1.2, 2, 0.8}},
	/* openskill/ThurstoneMostellerFull/rate/1v1-extreme-upset */
	{"ThurstoneMostellerFull/rate/1v1-extreme-upset", SK_OS_TM_FULL,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		2, {0, 1, 2},
		{10, 160},
		{1, 1},
		1, {1, 2},
		0, {0},
		0, {0},
		{14.114272211720225, 155.88572778827978},
		{1.0011867400385996, 1.0011867400385996}},
	/* openskill/ThurstoneMostellerFull/rate/1v1-extreme-mismatch-draw */
	{"ThurstoneMostellerFull/rate/1v1-extreme-mismatch-draw", SK_OS_TM_FULL,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		2, {0, 1, 2},
		{10, 160},
		{1, 1},
		1, {1, 1},
		0, {0},
		0, {0},
		{14.108790170132323, 155.89120982986768},
		{1.0011867400385996, 1.0011867400385996}},
	/* openskill/ThurstoneMostellerFull/rate/1v1-draw-epsilon-0.5 */
	{"ThurstoneMostellerFull/rate/1v1-draw-epsilon-0.5", SK_OS_TM_FULL,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.5, 4, 0, 0, 1, 1, 2,
		2, {0, 1, 2},
		{27, 25},
		{5, 6},
		1, {1, 1},
		0, {0},
		0, {0},
		{26.478040529559852, 25.751557860103354},
		{4.6552607763754175, 5.263927683126862}},
	/* openskill/ThurstoneMostellerFull/rate/4teams-ties-shuffled-random */
	{"ThurstoneMostellerFull/rate/4teams-ties-shuffled-random", SK_OS_TM_FULL,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		4, {0, 1, 3, 4, 6},
		{17.491, 23.2288, 32.7564, 27.4413, 21.0814, 18.0704},
		{2.0615, 4.8041, 7.4572, 3.4828, 2.9129, 6.8968},
		1, {2, 3, 1, 2},
		0, {0},
		0, {0},
		{19.85407764618666, 6.067798724838802, -8.585811182908287, 32.82412500471087, 18.913323476526905, 5.924580506266366},
		{2.040111285024664, 3.8385688715115815, 2.673250435079083, 3.321900780814048, 2.698499653755745, 3.097989051349981}},
	/* openskill/ThurstoneMostellerFull/rate/2teams-scores-margin2-close */
	{"ThurstoneMostellerFull/rate/2teams-scores-margin2-close", SK_OS_TM_FULL,
		4.166666666666667, 0.0001, 0.08333333333333333, 2, 0.1, 4, 0, 0, 1, 1, 2,
		2, {0, 2, 4},
		{31.5533, 24.2492, 31.7464, 31.4615},
		{5.3874, 1.5322, 8.0895, 5.5707},
		0, {0},
		1, {21, 20},
		0, {0},
		{34.300202004390215, 24.471989393408286, 25.553839380783437, 28.524543324662123},
		{5.228115376554754, 1.530820927922794, 7.093497422565986, 5.25704906021556}},
	/* openskill/ThurstoneMostellerFull/rate/3v1-weights-default-bounds */
	{"ThurstoneMostellerFull/rate/3v1-weights-default-bounds", SK_OS_TM_FULL,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		2, {0, 3, 4},
		{18.743, 22.2902, 14.3048, 29.6676},
		{5.928, 6.6022, 1.9881, 1.0305},
		1, {2, 1},
		0, {0},
		1, {0.5, 1, 0.75, 1},
		{10.01748136139909, 16.87885046440628, 13.649505376998128, 30.19829602743972},
		{5.221567461863163, 6.126323260019866, 1.9730157203175003, 1.0330619770227334}},
	/* openskill/ThurstoneMostellerPart/rate/8players-window-1 */
	{"ThurstoneMostellerPart/rate/8players-window-1", SK_OS_TM_PART,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 1, 0, 0, 1, 1, 2,
		8, {0, 1, 2, 3, 4, 5, 6, 7, 8},
		{32.9443, 11.903, 16.6134, 22.2066, 12.3543, 31.1526, 33.3533, 36.0693},
		{5.0395, 1.9564, 8.6132, 7.8259, 6.7732, 4.7389, 3.875, 4.4214},
		1, {1, 2, 3, 4, 5, 6, 7, 8},
		0, {0},
		0, {0},
		{33.24151160890658, 11.966103916586313, 16.297503107514633, 21.81693620153771, 13.478888757457685, 30.92502398732722, 33.37161446326747, 35.002111012886694},
		{5.018060324857319, 1.9576602585728444, 8.461300661997146, 7.752671382115647, 6.7025563455676895, 4.710504977591338, 3.860006145466494, 4.394261688324623}},
	/* openskill/ThurstoneMostellerPart/rate/1v1-draw-default */
	{"ThurstoneMostellerPart/rate/1v1-draw-default", SK_OS_TM_PART,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		2, {0, 1, 2},
		{25, 25},
		{8.333333333333334, 8.333333333333334},
		1, {1, 1},
		0, {0},
		0, {0},
		{25, 25},
		{8.20091993573768, 8.20091993573768}},
	/* openskill/ThurstoneMostellerPart/rate/4teams-ties-1223-random */
	{"ThurstoneMostellerPart/rate/4teams-ties-1223-random", SK_OS_TM_PART,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		4, {0, 2, 3, 5, 6},
		{34.3126, 34.8925, 24.9359, 27.6284, 10.5573, 29.786},
		{2.4874, 5.5766, 5.1378, 3.6494, 4.3127, 6.1762},
		1, {1, 2, 2, 3},
		0, {0},
		0, {0},
		{34.33681665502845, 35.01411066859344, 25.65921637931816, 27.56212773027788, 10.464761355294915, 28.781432579983427},
		{2.4879935715586217, 5.5681919054798925, 5.110991495306275, 3.639874970594009, 4.296209063903503, 6.136697117077101}},
	/* openskill/ThurstoneMostellerPart/rate/3teams-scores-margin2 */
	{"ThurstoneMostellerPart/rate/3teams-scores-margin2", SK_OS_TM_PART,
		4.166666666666667, 0.0001, 0.08333333333333333, 2, 0.1, 4, 0, 0, 1, 1, 2,
		3, {0, 1, 2, 3},
		{26.1148, 22.5987, 36.1456},
		{3.7525, 4.4472, 5.057},
		0, {0},
		1, {10, 3, 7},
		0, {0},
		{26.92694137795399, 21.94044442771598, 35.52206493896491},
		{3.739499435781791, 4.426982367742908, 5.020335722887846}},
	/* openskill/ThurstoneMostellerPart/rate/2v2-weights-default-bounds */
	{"ThurstoneMostellerPart/rate/2v2-weights-default-bounds", SK_OS_TM_PART,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 0, 1, 1, 2,
		2, {0, 2, 4},
		{38.8619, 29.4844, 26.4496, 34.5999},
		{1.1878, 5.5338, 6.1898, 5.788},
		1, {1, 2},
		0, {0},
		1, {1, 0.5, 0.2, 0.8},
		{38.935847794558654, 30.28316969962701, 25.45027182443952, 34.16298872297049},
		{1.1903061300250046, 5.513630591010478, 6.146720041342014, 5.770793670047119}},
	/* openskill/ThurstoneMostellerPart/rate/2v2-balance */
	{"ThurstoneMostellerPart/rate/2v2-balance", SK_OS_TM_PART,
		4.166666666666667, 0.0001, 0.08333333333333333, 0, 0.1, 4, 0, 1, 1, 1, 2,
		2, {0, 2, 4},
		{35, 15, 26, 24},
		{3, 6, 4, 4.5},
		1, {2, 1},
		0, {0},
		0, {0},
		{34.70902269173916, 13.83676380622014, 26.517118500802813, 24.654418510560433},
		{2.9972869864448657, 5.969583842607577, 3.9960153080501963, 4.4938620240572265}},
};

static const predict_case predict_cases[] = {
	/* openskill/PlackettLuce/predict_win/1v1-random */
	{"PlackettLuce/predict_win/1v1-random", OP_WIN, 4.166666666666667, 2, {0, 1, 2},
		{16.2062, 22.2037},
		{6.4681, 3.7071},
		{0.26397546453592535, 0.7360245354640746}, {0}},
	/* openskill/PlackettLuce/predict_win/3teams-uneven-random */
	{"PlackettLuce/predict_win/3teams-uneven-random", OP_WIN, 4.166666666666667, 3, {0, 1, 3, 6},
		{10.6496, 33.7734, 22.2025, 31.8567, 18.4189, 15.9612},
		{4.6025, 4.4305, 2.0807, 4.0831, 7.3909, 5.9133},
		{2.1837520499297844e-06, 0.40405385168113855, 0.5959439645668115}, {0}},
	/* openskill/PlackettLuce/predict_win/5players-random */
	{"PlackettLuce/predict_win/5players-random", OP_WIN, 4.166666666666667, 5, {0, 1, 2, 3, 4, 5},
		{20.2173, 12.4932, 28.1597, 36.8616, 34.6678},
		{5.76, 5.3867, 4.5195, 7.1244, 5.2328},
		{0.11153261128948552, 0.028166337717717628, 0.2192894344013107, 0.3308267014649358, 0.3101849151265503}, {0}},
	/* openskill/BradleyTerryFull/predict_win/1v1-random-beta2 */
	{"BradleyTerryFull/predict_win/1v1-random-beta2", OP_WIN, 2, 2, {0, 1, 2},
		{11.7584, 32.5585},
		{3.6318, 3.8069},
		{0.0002487727923487504, 0.9997512272076512}, {0}},
	/* openskill/PlackettLuce/predict_draw/1v1-default */
	{"PlackettLuce/predict_draw/1v1-default", OP_DRAW, 4.166666666666667, 2, {0, 1, 2},
		{25, 25},
		{8.333333333333334, 8.333333333333334},
		{0.23707424013270856}, {0}},
	/* openskill/PlackettLuce/predict_draw/2v2-random */
	{"PlackettLuce/predict_draw/2v2-random", OP_DRAW, 4.166666666666667, 2, {0, 2, 4},
		{20.7376, 21.9766, 34.7681, 31.0317},
		{6.5436, 2.3197, 1.9265, 5.9404},
		{0.02226694774710325}, {0}},
	/* openskill/ThurstoneMostellerPart/predict_draw/3teams-random */
	{"ThurstoneMostellerPart/predict_draw/3teams-random", OP_DRAW, 4.166666666666667, 3, {0, 1, 2, 4},
		{28.3832, 21.5412, 20.3488, 34.2713},
		{2.2294, 6.7536, 8.9149, 2.882},
		{0.06431145406011753}, {0}},
	/* openskill/PlackettLuce/predict_rank/1v1-default */
	{"PlackettLuce/predict_rank/1v1-default", OP_RANK, 4.166666666666667, 2, {0, 1, 2},
		{25, 25},
		{8.333333333333334, 8.333333333333334},
		{0.5, 0.5}, {1, 1}},
	/* openskill/PlackettLuce/predict_rank/3teams-random */
	{"PlackettLuce/predict_rank/3teams-random", OP_RANK, 4.166666666666667, 3, {0, 1, 3, 4},
		{27.4973, 17.7212, 39.1875, 18.977},
		{2.7436, 5.2601, 8.7803, 8.9608},
		{0.26229739852904704, 0.6623688602776929, 0.07533374119326008}, {2, 1, 3}},
	/* openskill/PlackettLuce/predict_rank/4teams-with-identical-pair */
	{"PlackettLuce/predict_rank/4teams-with-identical-pair", OP_RANK, 4.166666666666667, 4, {0, 2, 4, 6, 8},
		{35.3463, 21.2552, 37.0247, 14.2633, 35.3463, 21.2552, 26.1514, 13.5026},
		{2.4182, 8.3738, 7.0894, 7.863, 2.4182, 8.3738, 8.173, 5.9188},
		{0.33609480281698234, 0.24858805389030506, 0.33609480281698234, 0.07922234047573036}, {1, 3, 1, 4}},
};

static const ordinal_case ordinal_cases[] = {
	/* openskill/PlackettLuce/ordinal/default */
	{25, 8.333333333333334, 3, 1, 0, 0},
	/* openskill/PlackettLuce/ordinal/random-z3 */
	{25.3328, 4.6455, 3, 1, 0, 11.396299999999998},
	/* openskill/PlackettLuce/ordinal/random-z2-alpha24-target1000 */
	{15.9092, 3.6639, 2, 24, 1000, 1205.9536},
};

/* Large enough for every match below (checked against the size function). */
static double work[8192];

static void
params_from_case(const rate_case *c, sk_os_params *p)
{
	sk_os_default_params(p, c->model);
	p->beta = c->beta;
	p->kappa = c->kappa;
	p->tau = c->tau;
	p->margin = c->margin;
	p->epsilon = c->epsilon;
	p->window_size = c->window_size;
	p->limit_sigma = c->limit_sigma;
	p->balance = c->balance;
	p->use_weight_bounds = c->use_weight_bounds;
	p->weight_lo = c->weight_lo;
	p->weight_hi = c->weight_hi;
}

static void
match_from_case(const rate_case *c, sk_os_match *m)
{
	m->n_teams = c->n_teams;
	m->team_start = c->team_start;
	m->mu = c->mu;
	m->sigma = c->sigma;
	m->ranks = c->has_ranks ? c->ranks : NULL;
	m->scores = c->has_scores ? c->scores : NULL;
	m->weights = c->has_weights ? c->weights : NULL;
}

static void
test_defaults(void)
{
	sk_os_params p;

	sk_os_default_params(&p, SK_OS_TM_PART);
	CHECK(p.model == SK_OS_TM_PART);
	CHECK_CLOSE(p.beta, 25.0 / 6.0, 0);
	CHECK_CLOSE(p.kappa, 0.0001, 0);
	CHECK_CLOSE(p.tau, 25.0 / 300.0, 0);
	CHECK_CLOSE(p.margin, 0, 0);
	CHECK_CLOSE(p.epsilon, 0.1, 0);
	CHECK(p.window_size == 4 && !p.limit_sigma && !p.balance);
	CHECK(p.use_weight_bounds && p.weight_lo == 1.0 && p.weight_hi == 2.0);
	CHECK(sk_os_workspace_size(1, 1) == 0);
	CHECK(sk_os_workspace_size(3, 2) == 0);
	CHECK(sk_os_workspace_size(2, 2) > 0);
	CHECK(sk_os_workspace_size(2, 2) % sizeof(double) == 0);
}

static void
test_rate_vectors(void)
{
	int			i,
				k;

	for (i = 0; i < (int) (sizeof(rate_cases) / sizeof(rate_cases[0])); i++)
	{
		const rate_case *c = &rate_cases[i];
		int			np = c->team_start[c->n_teams];
		int			failed = unit_failed;
		sk_os_params p;
		sk_os_match m;
		double		mu[MAX_P],
					sigma[MAX_P];

		params_from_case(c, &p);
		match_from_case(c, &m);
		CHECK(sk_os_workspace_size(c->n_teams, np) <= sizeof(work));
		CHECK(sk_os_rate(&p, &m, mu, sigma, work) == SK_OK);
		for (k = 0; k < np; k++)
		{
			CHECK_CLOSE(mu[k], c->want_mu[k], TOL);
			CHECK_CLOSE(sigma[k], c->want_sigma[k], TOL);
		}

		/* Rating in place (outputs aliasing the inputs) gives the same. */
		memcpy(mu, c->mu, sizeof(mu));
		memcpy(sigma, c->sigma, sizeof(sigma));
		m.mu = mu;
		m.sigma = sigma;
		CHECK(sk_os_rate(&p, &m, mu, sigma, work) == SK_OK);
		for (k = 0; k < np; k++)
		{
			CHECK_CLOSE(mu[k], c->want_mu[k], TOL);
			CHECK_CLOSE(sigma[k], c->want_sigma[k], TOL);
		}
		if (unit_failed != failed)
			fprintf(stderr, "  in case openskill/%s\n", c->id);
	}
}

static void
test_predict_vectors(void)
{
	int			i,
				t;

	for (i = 0; i < (int) (sizeof(predict_cases) / sizeof(predict_cases[0])); i++)
	{
		const predict_case *c = &predict_cases[i];
		int			failed = unit_failed;
		sk_os_params p;
		double		prob[MAX_T];
		int			rank[MAX_T];

		sk_os_default_params(&p, SK_OS_PLACKETT_LUCE);
		p.beta = c->beta;
		if (c->op == OP_WIN)
		{
			CHECK(sk_os_predict_win(&p, c->n_teams, c->team_start, c->mu,
									c->sigma, prob, work) == SK_OK);
			for (t = 0; t < c->n_teams; t++)
				CHECK_CLOSE(prob[t], c->want_prob[t], TOL);
		}
		else if (c->op == OP_DRAW)
		{
			CHECK(sk_os_predict_draw(&p, c->n_teams, c->team_start, c->mu,
									 c->sigma, prob, work) == SK_OK);
			CHECK_CLOSE(prob[0], c->want_prob[0], TOL);
		}
		else
		{
			CHECK(sk_os_predict_rank(&p, c->n_teams, c->team_start, c->mu,
									 c->sigma, rank, prob, work) == SK_OK);
			for (t = 0; t < c->n_teams; t++)
			{
				CHECK(rank[t] == c->want_rank[t]);
				CHECK_CLOSE(prob[t], c->want_prob[t], TOL);
			}
		}
		if (unit_failed != failed)
			fprintf(stderr, "  in case openskill/%s\n", c->id);
	}
}

static void
test_ordinal(void)
{
	int			i;

	for (i = 0; i < (int) (sizeof(ordinal_cases) / sizeof(ordinal_cases[0])); i++)
	{
		const ordinal_case *c = &ordinal_cases[i];

		CHECK_CLOSE(sk_os_ordinal(c->mu, c->sigma, c->z, c->alpha, c->target),
					c->want, TOL);
	}
}

/* Rate a 1v1 (or the given 2-team match) and return the status. */
static sk_status
rate2(sk_os_model model, const double *ranks, const double *scores,
	  double *mu, double *sigma)
{
	static const int ts[] = {0, 1, 2};
	static const double mu0[] = {27.0, 25.0};
	static const double sigma0[] = {5.0, 6.0};
	sk_os_params p;
	sk_os_match m = {2, ts, mu0, sigma0, NULL, NULL, NULL};

	sk_os_default_params(&p, model);
	m.ranks = ranks;
	m.scores = scores;
	return sk_os_rate(&p, &m, mu, sigma, work);
}

static void
test_quirks(void)
{
	static const double tie[] = {1.0, 1.0};
	static const double win[] = {1.0, 2.0};
	static const double frac[] = {1.2, 1.7};
	static const double neg[] = {-0.5, 0.5};
	static const double sc_win[] = {3.0, -2.5};
	double		a_mu[2],
				a_sigma[2],
				b_mu[2],
				b_sigma[2];
	int			model;

	/* Plackett-Luce truncates ranks like Python's int(): 1.2 and 1.7 tie, */
	CHECK(rate2(SK_OS_PLACKETT_LUCE, frac, NULL, a_mu, a_sigma) == SK_OK);
	CHECK(rate2(SK_OS_PLACKETT_LUCE, tie, NULL, b_mu, b_sigma) == SK_OK);
	CHECK(a_mu[0] == b_mu[0] && a_mu[1] == b_mu[1] && a_sigma[0] == b_sigma[0]);
	/* and so do -0.5 and 0.5 (truncation toward zero). */
	CHECK(rate2(SK_OS_PLACKETT_LUCE, neg, NULL, a_mu, a_sigma) == SK_OK);
	CHECK(a_mu[0] == b_mu[0] && a_mu[1] == b_mu[1]);
	/* The pairwise models compare ranks exactly: 1.2 beats 1.7. */
	for (model = SK_OS_BT_FULL; model <= SK_OS_TM_PART; model++)
	{
		CHECK(rate2((sk_os_model) model, frac, NULL, a_mu, a_sigma) == SK_OK);
		CHECK(rate2((sk_os_model) model, win, NULL, b_mu, b_sigma) == SK_OK);
		CHECK(a_mu[0] == b_mu[0] && a_mu[1] == b_mu[1] && a_sigma[1] == b_sigma[1]);
	}
	/* Scores (higher wins) and no outcome at all (list order) agree with ranks. */
	for (model = SK_OS_PLACKETT_LUCE; model <= SK_OS_TM_PART; model++)
	{
		CHECK(rate2((sk_os_model) model, win, NULL, a_mu, a_sigma) == SK_OK);
		CHECK(rate2((sk_os_model) model, NULL, sc_win, b_mu, b_sigma) == SK_OK);
		CHECK(a_mu[0] == b_mu[0] && a_mu[1] == b_mu[1] && a_sigma[0] == b_sigma[0]);
		CHECK(rate2((sk_os_model) model, NULL, NULL, b_mu, b_sigma) == SK_OK);
		CHECK(a_mu[0] == b_mu[0] && a_mu[1] == b_mu[1] && a_sigma[0] == b_sigma[0]);
		/* Tied teams are not pooled: unequal ratings get unequal changes. */
		CHECK(rate2((sk_os_model) model, tie, NULL, b_mu, b_sigma) == SK_OK);
		CHECK(b_mu[0] - 27.0 != b_mu[1] - 25.0);
		CHECK(b_mu[0] < 27.0 && b_mu[1] > 25.0);
	}
}

/* All outputs finite, sigmas positive. */
static int
all_finite(int n, const double *mu, const double *sigma)
{
	int			k;

	for (k = 0; k < n; k++)
		if (!isfinite(mu[k]) || !isfinite(sigma[k]) || !(sigma[k] > 0.0))
			return 0;
	return 1;
}

/* Rate and predict one extreme match with every model. */
static void
check_extreme(int n_teams, const int *ts, const double *mu, const double *sigma,
			  const double *ranks, const double *scores, double margin)
{
	static double mu_out[256],
				sigma_out[256],
				prob[128];
	static int	rank[128];
	int			np = ts[n_teams];
	int			model,
				t;

	CHECK(sk_os_workspace_size(n_teams, np) <= sizeof(work));
	for (model = SK_OS_PLACKETT_LUCE; model <= SK_OS_TM_PART; model++)
	{
		sk_os_params p;
		sk_os_match m = {n_teams, ts, mu, sigma, ranks, scores, NULL};
		sk_status	st;

		sk_os_default_params(&p, (sk_os_model) model);
		p.margin = margin;
		st = sk_os_rate(&p, &m, mu_out, sigma_out, work);
		CHECK(st == SK_OK);
		CHECK(st == SK_OK && all_finite(np, mu_out, sigma_out));
		p.limit_sigma = 1;
		st = sk_os_rate(&p, &m, mu_out, sigma_out, work);
		CHECK(st == SK_OK && all_finite(np, mu_out, sigma_out));
	}
	{
		sk_os_params p;
		double		sum = 0.0;

		sk_os_default_params(&p, SK_OS_PLACKETT_LUCE);
		CHECK(sk_os_predict_win(&p, n_teams, ts, mu, sigma, prob, work) == SK_OK);
		for (t = 0; t < n_teams; t++)
		{
			CHECK(prob[t] >= 0.0 && prob[t] <= 1.0);
			sum += prob[t];
		}
		CHECK_CLOSE(sum, 1.0, 1e-12);
		CHECK(sk_os_predict_rank(&p, n_teams, ts, mu, sigma, rank, prob, work) == SK_OK);
		for (t = 0; t < n_teams; t++)
			CHECK(isfinite(prob[t]) && rank[t] >= 1 && rank[t] <= n_teams);
		CHECK(sk_os_predict_draw(&p, n_teams, ts, mu, sigma, prob, work) == SK_OK);
		CHECK(prob[0] >= 0.0 && prob[0] <= 1.0);
	}
}

static void
test_extreme(void)
{
	static const int ts2[] = {0, 1, 2};
	static const int ts22[] = {0, 2, 4};
	static const double mu_far[] = {0.0, 1e6};
	static const double sig_tiny[] = {1e-6, 1e-6};
	static const double sig_huge[] = {1e4, 1e4};
	static const double mu_mix[] = {0.0, 1e6, -1e6, 25.0};
	static const double sig_mix[] = {1e-6, 1e4, 1e4, 1e-6};
	static const double up[] = {1, 2};
	static const double down[] = {2, 1};
	static const double draw[] = {1, 1};
	static const double sc[] = {0, 1e6};
	static int	ts100[101];
	static double mu100[200],
				sig100[200],
				rk100[100],
				sc100[100];
	int			t;

	/* mu 1e6 apart with sigma 1e-6 and 1e4: expected win, upset, draw. */
	check_extreme(2, ts2, mu_far, sig_tiny, up, NULL, 0);
	check_extreme(2, ts2, mu_far, sig_tiny, down, NULL, 0);
	check_extreme(2, ts2, mu_far, sig_tiny, draw, NULL, 0);
	check_extreme(2, ts2, mu_far, sig_huge, up, NULL, 0);
	check_extreme(2, ts2, mu_far, sig_huge, draw, NULL, 0);
	check_extreme(2, ts2, mu_far, sig_tiny, NULL, sc, 2.0);
	check_extreme(2, ts22, mu_mix, sig_mix, up, NULL, 0);
	check_extreme(2, ts22, mu_mix, sig_mix, NULL, sc, 1e-3);

	/* 100 two-player teams, mu spread over 2e6, mixed sigma, many ties. */
	for (t = 0; t <= 100; t++)
		ts100[t] = 2 * t;
	for (t = 0; t < 200; t++)
	{
		mu100[t] = ((t * 37) % 201 - 100) * 1e4;
		sig100[t] = t % 3 == 0 ? 1e-6 : t % 3 == 1 ? 1.0 : 1e4;
	}
	for (t = 0; t < 100; t++)
	{
		rk100[t] = (t * 53) % 40;
		sc100[t] = (t * 31) % 17 * 1000.0;
	}
	check_extreme(100, ts100, mu100, sig100, rk100, NULL, 0);
	check_extreme(100, ts100, mu100, sig100, NULL, NULL, 0);
	check_extreme(100, ts100, mu100, sig100, NULL, sc100, 5.0);

	/*
	 * A beta whose square overflows: the draw chance depends on ratios to
	 * beta only, so two players tend to Phi(z) - Phi(-z) with
	 * z = Phi^-1(3/4): 0.5.
	 */
	{
		sk_os_params p;
		double		prob;

		sk_os_default_params(&p, SK_OS_PLACKETT_LUCE);
		p.beta = DBL_MAX;
		CHECK(sk_os_predict_draw(&p, 2, ts2, mu_far, sig_huge, &prob, work) == SK_OK);
		CHECK_CLOSE(prob, 0.5, 1e-12);
		p.beta = 1e200;
		CHECK(sk_os_predict_draw(&p, 2, ts2, mu_far, sig_huge, &prob, work) == SK_OK);
		CHECK_CLOSE(prob, 0.5, 1e-12);
	}

	/*
	 * mu and beta near the largest double: the mu difference and the spread
	 * both overflow, their ratio (1 + 1e308 / DBL_MAX) / sqrt(2) does not.
	 */
	{
		static const double mu_max[] = {DBL_MAX, -1e308};
		static const double sig1[] = {1.0, 1.0};
		sk_os_params p;
		double		prob[2];

		sk_os_default_params(&p, SK_OS_TM_FULL);
		p.beta = DBL_MAX;
		CHECK(sk_os_predict_win(&p, 2, ts2, mu_max, sig1, prob, work) == SK_OK);
		CHECK_CLOSE(prob[0], 0.86443150944662690, 1e-12);
	}
}

static void
test_rejections(void)
{
	static const int ts[] = {0, 1, 2};
	static const int ts_empty[] = {0, 1, 1, 2};
	static const int ts_bad0[] = {1, 2, 3};
	static const double mu[] = {25.0, 25.0, 25.0};
	static const double sigma[] = {8.0, 8.0, 8.0};
	static const double mu_nan[] = {25.0, NAN};
	static const double sigma_inf[] = {8.0, INFINITY};
	static const double sigma_zero[] = {8.0, 0.0};
	static const double ranks[] = {1, 2};
	static const double ranks_nan[] = {1, NAN};
	static const double w_zero[] = {1.0, 0.0};
	static const double w_neg[] = {1.0, -1.0};
	static const double mu_bal[] = {2.5, 25.0};
	static const double sigma_bal[] = {1.0, 1.0};
	double		mu_out[3],
				sigma_out[3],
				prob[3];
	int			rank[3];
	sk_os_params p,
				q;
	sk_os_match m = {2, ts, mu, sigma, NULL, NULL, NULL};
	sk_os_match x;

	sk_os_default_params(&p, SK_OS_PLACKETT_LUCE);
	CHECK(sk_os_rate(&p, &m, mu_out, sigma_out, work) == SK_OK);

	/* Layout. */
	x = m;
	x.n_teams = 1;
	CHECK(sk_os_rate(&p, &x, mu_out, sigma_out, work) == SK_ERR_SIZE);
	x = m;
	x.n_teams = 3;
	x.team_start = ts_empty;
	CHECK(sk_os_rate(&p, &x, mu_out, sigma_out, work) == SK_ERR_SIZE);
	x.team_start = ts_bad0;
	x.n_teams = 2;
	CHECK(sk_os_rate(&p, &x, mu_out, sigma_out, work) == SK_ERR_SIZE);
	CHECK(sk_os_rate(&p, NULL, mu_out, sigma_out, work) == SK_ERR_SIZE);
	CHECK(sk_os_rate(&p, &m, mu_out, sigma_out, NULL) == SK_ERR_SIZE);

	/* Ratings. */
	x = m;
	x.mu = mu_nan;
	CHECK(sk_os_rate(&p, &x, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);
	x = m;
	x.sigma = sigma_inf;
	CHECK(sk_os_rate(&p, &x, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);
	x.sigma = sigma_zero;
	CHECK(sk_os_rate(&p, &x, mu_out, sigma_out, work) == SK_ERR_RANGE);

	/* Outcome and weights. */
	x = m;
	x.ranks = ranks;
	x.scores = ranks;
	CHECK(sk_os_rate(&p, &x, mu_out, sigma_out, work) == SK_ERR_RANGE);
	x.scores = NULL;
	x.ranks = ranks_nan;
	CHECK(sk_os_rate(&p, &x, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);
	x = m;
	x.weights = w_neg;
	CHECK(sk_os_rate(&p, &x, mu_out, sigma_out, work) == SK_ERR_RANGE);
	x.weights = w_zero;
	CHECK(sk_os_rate(&p, &x, mu_out, sigma_out, work) == SK_OK);
	q = p;
	q.use_weight_bounds = 0;
	CHECK(sk_os_rate(&q, &x, mu_out, sigma_out, work) == SK_ERR_RANGE);
	q = p;
	q.weight_lo = 0.0;
	CHECK(sk_os_rate(&q, &x, mu_out, sigma_out, work) == SK_ERR_RANGE);

	/* Parameters. */
	q = p;
	q.beta = 0.0;
	CHECK(sk_os_rate(&q, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	q.beta = NAN;
	CHECK(sk_os_rate(&q, &m, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);
	q = p;
	q.kappa = 0.0;
	CHECK(sk_os_rate(&q, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	q = p;
	q.tau = -0.1;
	CHECK(sk_os_rate(&q, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	q.tau = INFINITY;
	CHECK(sk_os_rate(&q, &m, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);
	q = p;
	q.margin = -1.0;
	CHECK(sk_os_rate(&q, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	q = p;
	q.model = (sk_os_model) 7;
	CHECK(sk_os_rate(&q, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	sk_os_default_params(&q, SK_OS_BT_PART);
	q.window_size = 0;
	CHECK(sk_os_rate(&q, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	sk_os_default_params(&q, SK_OS_TM_FULL);
	q.epsilon = -0.1;
	CHECK(sk_os_rate(&q, &m, mu_out, sigma_out, work) == SK_ERR_RANGE);
	q.epsilon = NAN;
	CHECK(sk_os_rate(&q, &m, mu_out, sigma_out, work) == SK_ERR_NOT_FINITE);

	/* balance divides by max ordinal + kappa: 2.5 - 3*1 + 0.5 = 0. */
	q = p;
	q.balance = 1;
	q.kappa = 0.5;
	q.tau = 0.0;
	x = m;
	x.mu = mu_bal;
	x.sigma = sigma_bal;
	CHECK(sk_os_rate(&q, &x, mu_out, sigma_out, work) == SK_ERR_OVERFLOW);
	CHECK(sk_os_predict_win(&q, 2, ts, mu_bal, sigma_bal, prob, work) == SK_ERR_OVERFLOW);

	/* sigma^2 underflowing to 0 (with tau 0) would divide by zero. */
	q = p;
	q.tau = 0.0;
	x = m;
	x.sigma = (const double[]) {1e-200, 1e-200};
	CHECK(sk_os_rate(&q, &x, mu_out, sigma_out, work) == SK_ERR_OVERFLOW);

	/* Predictions. */
	CHECK(sk_os_predict_win(&p, 1, ts, mu, sigma, prob, work) == SK_ERR_SIZE);
	CHECK(sk_os_predict_draw(&p, 2, ts, mu_nan, sigma, prob, work) == SK_ERR_NOT_FINITE);
	CHECK(sk_os_predict_rank(&p, 2, ts, mu, sigma_zero, rank, prob, work) == SK_ERR_RANGE);
	CHECK(sk_os_predict_rank(&p, 2, ts, mu, sigma, NULL, prob, work) == SK_ERR_SIZE);
	q = p;
	q.beta = -1.0;
	CHECK(sk_os_predict_win(&q, 2, ts, mu, sigma, prob, work) == SK_ERR_RANGE);

	/* ordinal: alpha = 0 has no value. */
	CHECK(isnan(sk_os_ordinal(25.0, 8.0, 3.0, 0.0, 0.0)));
}

/* A small seeded generator (xorshift64*), for reproducible random cases. */
static uint64_t duel_seed = 0x9E3779B97F4A7C15ULL;

static double
duel_uniform(double lo, double hi)
{
	duel_seed ^= duel_seed >> 12;
	duel_seed ^= duel_seed << 25;
	duel_seed ^= duel_seed >> 27;
	return lo + (hi - lo) * (double) ((duel_seed * 2685821657736338717ULL) >> 11) / 9007199254740992.0;
}

/*
 * The 1v1 Plackett-Luce shortcut must agree with the general path to the
 * last bit.  balance on one-player teams scales by exactly 1, so it changes
 * nothing but the path taken: the pair of calls below compares the two.
 */
static void
test_duel_matches_general(void)
{
	static const double rank_sets[][2] = {{1, 2}, {2, 1}, {1, 1}, {1.2, 1.7}, {3, 0}};
	const int	ts[] = {0, 1, 2};
	sk_os_params fast,
				general;
	double		work[64];
	int			i,
				same = 0,
				fallback = 0;

	CHECK(sk_os_workspace_size(2, 2) <= sizeof(work));
	for (i = 0; i < 20000; i++)
	{
		double		mu[2],
					sigma[2],
					mu_a[2],
					sigma_a[2],
					mu_b[2],
					sigma_b[2];
		sk_os_match m = {.n_teams = 2, .team_start = ts, .mu = mu, .sigma = sigma};
		int			r = (int) duel_uniform(0, 6);
		sk_status	a,
					b;

		sk_os_default_params(&fast, SK_OS_PLACKETT_LUCE);
		fast.tau = duel_uniform(0, 1) < 0.3 ? 0.0 : fast.tau;
		fast.limit_sigma = duel_uniform(0, 1) < 0.3;
		fast.beta = duel_uniform(0.5, 10);
		general = fast;
		general.balance = 1;
		mu[0] = duel_uniform(-60, 90);
		mu[1] = duel_uniform(-60, 90);
		sigma[0] = duel_uniform(0.05, 15);
		sigma[1] = duel_uniform(0.05, 15);
		if (i % 500 == 0)
			mu[i % 1000 == 0] = 1e5;	/* past the direct limit: general path */
		m.ranks = r < 5 ? rank_sets[r] : NULL;

		a = sk_os_rate(&fast, &m, mu_a, sigma_a, work);
		b = sk_os_rate(&general, &m, mu_b, sigma_b, work);
		if (a == SK_OK && b == SK_OK &&
			mu_a[0] == mu_b[0] && mu_a[1] == mu_b[1] &&
			sigma_a[0] == sigma_b[0] && sigma_a[1] == sigma_b[1])
			same++;
		else
			fprintf(stderr, "duel case %d differs: %.17g %.17g %.17g %.17g vs %.17g %.17g %.17g %.17g\n",
					i, mu_a[0], sigma_a[0], mu_a[1], sigma_a[1],
					mu_b[0], sigma_b[0], mu_b[1], sigma_b[1]);
		fallback += i % 500 == 0;
	}
	CHECK(same == 20000);
	CHECK(fallback == 40);
}

int
main(void)
{
	test_defaults();
	test_rate_vectors();
	test_predict_vectors();
	test_ordinal();
	test_quirks();
	test_extreme();
	test_rejections();
	test_duel_matches_general();
	UNIT_DONE("openskill");
}
