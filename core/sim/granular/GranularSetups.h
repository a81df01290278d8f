#pragma once
// The worlds of the granular scenes (scene/GranularScene.h) and the windows
// their views analyse.
//
// Settling box: exactly the standard benchmark (SettlingBox.h), with the scene's
// solver settings.
//
// Channel flow (Preclik, Eibl & Ruede sec. 4.3, reference note C.2.4): a
// channel 15 x 6.5 x 2 cm with walls in y and z, open at x = 15 cm (particles
// leaving there are discharged and counted); the obstacle in [3, 5] x [3, 5] x
// [0, 2] cm, a cylinder of radius 1 cm at (4, 4) cm with its axis along z
// whose right half (x > 4 cm) is replaced by a box; gravity 9.81 m/s^2 down;
// density 2650 kg/m^3; mu 0.4 and dt 10 us by default. At the start the
// channel is filled on the paper's grid, 1 mm / 0.47 mm = 2.128 diameters,
// which spans it (150 x 65 x 20 sites; scaled, the whole number of sites
// nearest each length over 2.128 d, spread over the length; sites whose
// sphere would touch the obstacle left out), every particle at 1 m/s in +x
// with y and z velocities uniform in [-0.5, 0.5] m/s.
// The inflow plane at x = 0 moves at 1 m/s in +x; after two radii it is reset
// and a new layer of particles is created in front of it.
//
// Desktop scale: the channel, the obstacle, the speeds, gravity and dt are
// the paper's; the particle diameter is scaled so that the initial grid has
// about `particles` sites: d = 0.47 mm * cbrt(195,000 / particles), where
// 195,000 = 150 x 65 x 20 is the paper's 1 mm grid (the obstacle removes
// about 4 % of the sites). Every length measured in diameters (grid spacing,
// layer spacing, reset distance) keeps the paper's value, so the flow's
// Froude number and time scales stay the paper's and N sets the resolution.
//
// What is not the paper's, by choice (C.2.4 lists the numbers not to trust):
// a new inflow layer is a square y-z grid of spacing 3 d (centred in the
// channel's section, 1 d from the walls at least), not the 1 mm grid: with
// the 1 mm grid a layer every two radii gives 2.8e6 particles/s at the
// paper's scale, twice its stated "roughly 1.4e6" and more than its mean
// count of 2.47e5 particles allows for a 0.15 s transit; 3 d gives 1.37e6/s.
// Table 2's solid fraction (57.2 %) and "% of the particle radius" are not
// reproducible as stated (C.4.11) and are not targets here.
//
// Hopper: a wedge of two inclined walls (thin turned boxes, at wall_angle
// from the vertical) meeting a slot outlet of outlet_width diameters at z = 0,
// between flat front and back walls depth diameters apart; the spheres of the
// settling box (d = 0.01 m, 2650 kg/m^3) start on a cubic lattice of spacing
// 1.1 d inside the wedge, filled row by row from one diameter above the
// outlet, with the settling box's random velocities, and drain at once (no
// gate). Spheres two diameters below the outlet are discharged and counted.
#include "scene/GranularScene.h"
#include "sim/granular/GranularAnalysis.h"
#include "sim/granular/GranularWorld.h"

namespace impactlab::granular {

// The paper's channel (m) and particles.
inline constexpr double kChannelLength = 0.15;
inline constexpr double kChannelWidth = 0.065;
inline constexpr double kChannelHeight = 0.02;
inline constexpr double kChannelPaperDiameter = 0.47e-3;    // m
inline constexpr double kChannelPaperGrid = 1e-3;           // m, the initial grid's spacing
inline constexpr double kChannelPaperSites = 195000.0;      // 150 x 65 x 20 sites of the 1 mm grid
inline constexpr double kChannelDensity = 2650.0;           // kg/m^3
inline constexpr double kChannelLayerSpacing = 3.0;         // diameters, the inflow layer's grid (see above)
inline constexpr double kHopperDischargeDepth = 2.0;        // diameters below the outlet

// The world of `scene`, ready to step. Throws InputError when the scene's
// setup cannot be built (a hopper too narrow for one sphere).
GranularWorld makeGranularWorld(const GranularScene& scene);

// The particle diameter of a scene's setup (m).
double getParticleDiameter(const GranularScene& scene);

// The windows a scene's views analyse, stated per setup:
// - fieldGrid: x-y cells of the mean-velocity maps; for the channel the
//   paper's 150 x 65 cells scaled with the particles (its cells are 2.13 d
//   wide), for the box and the hopper cells of 2 d over their footprint;
// - rdfWindow: the channel's [12, 14] x [0, 6.5] x [0, 2] cm near the outflow
//   (Fig. 12); the box's and hopper's lowest 10 d across their footprint;
// - solidFractionWindow: where Table 2's solid fraction is measured: the
//   channel's bed near the outflow, [12, 14] x [0, 6.5] cm x [0, 4 d] (the
//   paper's 57.2 % can only be such a local figure, C.4.11); the box's and
//   hopper's lowest 10 d, 2 d in from the walls;
// - rdfMaxDistance 5 d in 100 bins (Fig. 12's range).
struct GranularViewWindows {
    double diameter = 0.01;      // m
    Bounds domain;               // the region the particles occupy, for drawing
    FieldGrid fieldGrid;
    Bounds rdfWindow;
    Bounds solidFractionWindow;
    double rdfMaxDistance = 0.05;   // m
    int rdfBins = 100;
};
GranularViewWindows makeGranularViewWindows(const GranularScene& scene);

// The stepper's options as the scene states them.
GranularOptions makeGranularOptions(const GranularScene& scene);
FrictionModel parseFrictionModel(const std::string& name, const std::string& field);
SweepKind parseSweepKind(const std::string& name, const std::string& field);

}  // namespace impactlab::granular
