#pragma once
// What the views of a granular run show, computed from its frames and step
// records (Preclik, Eibl & Ruede sec. 4.3): the mean velocity and angular
// velocity per cell of an x-y grid (their Figs. 10, 11), the radial
// distribution function g(r) in a window (Fig. 12) and the statistics of
// their Table 2. Plain numbers for the ui to draw; no drawing here.
#include <vector>

#include "sim/granular/GranularRun.h"

namespace impactlab::granular {

// Cells of the x-y plane, z ignored (the paper's 150 x 65 over the channel).
struct FieldGrid {
    double xMin = 0.0, xMax = 1.0;   // m
    double yMin = 0.0, yMax = 1.0;   // m
    int nx = 1, ny = 1;
};

// Per cell (index ix + nx iy): how many particle samples fell in it over the
// frames of the window, the mean of the vector quantity, and the mean of its
// magnitude (the colour of Figs. 10 and 11; the two differ where particles
// in one cell move in different directions). Empty cells have 0 samples and
// zero means.
struct BinnedField {
    FieldGrid grid;
    std::vector<int> samples;
    std::vector<Vec3> mean;
    std::vector<double> meanMagnitude;

    int index(int ix, int iy) const { return ix + grid.nx * iy; }
};

enum class FieldQuantity { Velocity, AngularVelocity };

// Binned means over the frames with tBegin <= time <= tEnd (the paper uses
// the last frame alone: tBegin = tEnd = its time). Particles outside the grid
// are left out. Throws InputError for an empty grid or window.
BinnedField calcMeanField(const std::vector<GranularFrame>& frames, FieldQuantity quantity, const FieldGrid& grid,
                          double tBegin, double tEnd);
BinnedField calcMeanVelocityField(const std::vector<GranularFrame>& frames, const FieldGrid& grid, double tBegin,
                                  double tEnd);
BinnedField calcMeanAngularVelocityField(const std::vector<GranularFrame>& frames, const FieldGrid& grid,
                                         double tBegin, double tEnd);

// How g(r) is normalised.
// - Paper: every particle in the window is a reference and the expected count
//   of a bin is its shell volume times the window's number density (the
//   paper's "integral of 4 pi rho r^2 dr"). Near the window's faces part of a
//   shell lies outside, so g falls below 1 at distances comparable with the
//   window's smallest size.
// - Interior: only particles at least rMax from every face of the window are
//   references (neighbours come from the whole window), so every shell lies
//   inside and an uncorrelated sample gives g = 1 at every r.
enum class RdfNormalisation { Paper, Interior };

struct RadialDistribution {
    std::vector<double> r;        // m, bin centres
    std::vector<double> g;        // 1 for an uncorrelated (ideal gas) sample
    double binWidth = 0.0;        // m
    double density = 0.0;         // 1/m^3, mean over the frames used
    long long references = 0;     // reference particles summed over the frames
    int frames = 0;               // frames used
};

// g(r) for 0 < r < rMax in `bins` bins, from the particles whose centres lie
// in `window`, over the frames with tBegin <= time <= tEnd. Throws InputError
// for rMax <= 0, bins < 1 or an empty window; a window with no particle (or
// no interior reference) gives g = 0 and references = 0.
RadialDistribution calcRadialDistribution(const std::vector<GranularFrame>& frames, const Bounds& window, double rMax,
                                          int bins, double tBegin, double tEnd,
                                          RdfNormalisation normalisation = RdfNormalisation::Paper);

// The share of `window`'s volume filled by spheres, counting each sphere whose
// centre lies in the window whole (unbiased for a packing much larger than a
// sphere; exact for a lattice whose cells tile the window).
double calcSolidFraction(const GranularFrame& frame, const Bounds& window);

// Table 2 of the paper: means over the steps (and frames) with
// tBegin <= time <= tEnd.
struct GranularTableStatistics {
    double meanParticles = 0.0;
    double solidFraction = 0.0;       // mean over the frames, in solidFractionWindow
    Bounds solidFractionWindow;
    double meanContacts = 0.0;        // contacts per step
    double contactsPerParticle = 0.0; // meanContacts / meanParticles
    double maxPenetration = 0.0;      // m, the deepest overlap of any step
    long long stepsUsed = 0;
    int framesUsed = 0;
};
GranularTableStatistics calcTableStatistics(const std::vector<GranularStepRecord>& steps,
                                            const std::vector<GranularFrame>& frames,
                                            const Bounds& solidFractionWindow, double tBegin, double tEnd);

// Mean speed |v| of a frame's particles (0 for none), and the height of its
// pile: the `quantile` of the centres' heights (z) plus the largest radius, so
// that a few particles thrown above the pile do not count (0 for none).
double calcMeanSpeed(const GranularFrame& frame);
double calcPileHeight(const GranularFrame& frame, double quantile = 0.95);

}  // namespace impactlab::granular
