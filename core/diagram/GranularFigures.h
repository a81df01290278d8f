#pragma once
// The granular views as data (diagram/Figure.h), for the app and the reports:
// the radial distribution function of each friction model (Preclik, Eibl &
// Ruede Fig. 12), the statistics of Table 2 per model, and the contacts of
// every step against time, made from the runs and analyses of sim/granular/.
// The ui only draws them.
#include <string>
#include <vector>

#include "diagram/Figure.h"
#include "sim/granular/GranularAnalysis.h"
#include "sim/granular/GranularRun.h"

namespace impactlab::granular {

// One friction model's run, summed up for the table.
struct GranularModelSummary {
    std::string model;                 // "max-dissipation", "coulomb"
    GranularTableStatistics table;     // over the statistics window of time
    GranularRunTotals totals;          // over the whole run
    double wallSeconds = 0.0;          // s, stepping
    std::string endReason;
};

// g(r) against r / d, one line per model, with g = 1 (no correlation) dashed.
Figure makeRadialDistributionFigure(const std::vector<std::pair<std::string, RadialDistribution>>& curves,
                                    double diameter);
// Table 2's columns (particles, solid fraction in its window, contacts,
// contacts per particle, maximum penetration as a share of the radius) and
// the run's own (steps, mean sweeps, contact solves per second, particles
// lost, end reason), one row per model.
FigureTable makeGranularStatisticsTable(const std::vector<GranularModelSummary>& models, double radius);
// Contacts per step against time, one line per model.
Figure makeContactHistoryFigure(const std::vector<std::pair<std::string, const std::vector<GranularStepRecord>*>>& runs);

}  // namespace impactlab::granular
