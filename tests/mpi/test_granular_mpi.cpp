// Granular runs decomposed over MPI processes (issue 12, items 3 and 9;
// sim/granular/mpi/GranularDistributed.h). CTest runs this program under
// mpirun with 1, 2 and 4 processes (label "mpi"); every process runs every
// test, rank 0 checks what the runs gathered and tells the others.
//
// What must hold for any number of processes: no particle lost or
// duplicated (the global count and the set of ids), every one accounted for
// where particles enter and leave, and the same result from two runs. What
// may differ from the serial run is the solve order across slab faces (a
// Jacobi step there, Gauss-Seidel inside): so the run's statistics are
// compared with the serial run's within tolerances argued from how much the
// serial statistics themselves move when only the order of the solve changes.
#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "scene/GranularScene.h"
#include "sim/granular/GranularAnalysis.h"
#include "sim/granular/GranularSetups.h"
#include "sim/granular/SettlingBox.h"
#include "sim/granular/mpi/GranularDistributedComm.h"

namespace impactlab::granular {
namespace {

int getRank() { return mpi::getRank(); }

// 216 spheres (6^3) of the settling box for 0.2 s: the lattice falls, lands
// and settles into a pile two to three layers high.
constexpr int kBoxParticles = 216;
constexpr int kBoxSteps = 2000;
constexpr double kFrameInterval = 0.05;   // s

struct RunSummary {
    double contactsPerStep = 0.0;
    double meanSpeed = 0.0;      // m/s, mean over the frames
    double pileHeight = 0.0;     // m, the last frame's
    std::vector<GranularFrame> frames;
    GranularRunTotals totals;
};

RunSummary summarise(const GranularRunResult& r) {
    RunSummary s;
    s.totals = r.totals;
    s.contactsPerStep = r.totals.contacts / std::max<double>(1.0, static_cast<double>(r.totals.steps));
    for (const GranularFrame& f : r.frames) s.meanSpeed += calcMeanSpeed(f) / r.frames.size();
    if (!r.frames.empty()) s.pileHeight = calcPileHeight(r.frames.back());
    s.frames = r.frames;
    return s;
}

GranularRunSettings makeSettings(long long steps) {
    GranularRunSettings settings;
    settings.steps = steps;
    settings.frameInterval = kFrameInterval;
    settings.keepSteps = false;
    return settings;
}

GranularWorld makeBox(SweepKind sweep = SweepKind::GaussSeidel) {
    GranularWorld w = makeSettlingBox(kBoxParticles);
    w.options.threads = 1;
    w.options.sweep = sweep;
    return w;
}

// Rank 0's verdict, shared so every process passes or fails together.
bool shareVerdict(bool ok) {
    int flag = ok ? 1 : 0;
    MPI_Bcast(&flag, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return flag != 0;
}

std::set<std::int64_t> getIds(const GranularFrame& f) { return std::set<std::int64_t>(f.ids.begin(), f.ids.end()); }

TEST(GranularMpi, NoParticleLostOrDuplicated) {
    const RunSummary d = summarise(mpi::runGranularDistributed(makeBox(), makeSettings(kBoxSteps)));
    bool ok = true;
    if (getRank() == 0) {
        std::set<std::int64_t> expected;
        for (int i = 0; i < kBoxParticles; ++i) expected.insert(i);
        EXPECT_EQ(d.frames.size(), 5u);   // t = 0, 0.05, ..., 0.2
        ok = d.frames.size() == 5u;
        for (const GranularFrame& f : d.frames) {
            EXPECT_EQ(f.size(), static_cast<std::size_t>(kBoxParticles)) << "t = " << f.time;
            EXPECT_EQ(getIds(f), expected) << "t = " << f.time;
            ok = ok && f.size() == static_cast<std::size_t>(kBoxParticles) && getIds(f) == expected;
        }
        EXPECT_EQ(d.totals.lost, 0);
        ok = ok && d.totals.lost == 0;
    }
    EXPECT_TRUE(shareVerdict(ok));
}

// The statistics of issue 12, item 3 against the serial run. Tolerances from
// how far the serial statistics of this box move when only the solve order
// changes (measured: Jacobi instead of Gauss-Seidel, the spheres in reverse
// or rotated order, relaxation 0.9, another seed): contacts per step by up
// to 0.9 %, the mean speed over the frames by up to 1.7 %, the final pile
// height by up to 0.6 mm (0.06 d). A decomposed run changes the order at its
// slab faces only; it must stay within about three times those spreads:
// 3 %, 5 % and 0.2 d. (Measured with 2 and 4 processes: 1.1 % and 0.6 %,
// 0.3 % and 0.9 %, 0.5 mm and 0.8 mm.)
TEST(GranularMpi, StatisticsMatchTheSerialRun) {
    constexpr double kContactsRelTol = 0.03;
    constexpr double kMeanSpeedRelTol = 0.05;
    constexpr double kPileHeightTol = 0.2 * kSettlingBoxDiameter;   // m
    const RunSummary d = summarise(mpi::runGranularDistributed(makeBox(), makeSettings(kBoxSteps)));
    bool ok = true;
    if (getRank() == 0) {
        GranularWorld serialWorld = makeBox();
        const RunSummary s = summarise(runGranular(serialWorld, makeSettings(kBoxSteps)));
        RecordProperty("serial_contacts_per_step", std::to_string(s.contactsPerStep));
        RecordProperty("distributed_contacts_per_step", std::to_string(d.contactsPerStep));
        std::printf("serial: %.2f contacts/step, mean speed %.4f m/s, pile %.4f m; decomposed: %.2f, %.4f, %.4f\n",
                    s.contactsPerStep, s.meanSpeed, s.pileHeight, d.contactsPerStep, d.meanSpeed, d.pileHeight);
        EXPECT_NEAR(d.contactsPerStep, s.contactsPerStep, kContactsRelTol * s.contactsPerStep);
        EXPECT_NEAR(d.meanSpeed, s.meanSpeed, kMeanSpeedRelTol * s.meanSpeed);
        EXPECT_NEAR(d.pileHeight, s.pileHeight, kPileHeightTol);
        ok = std::abs(d.contactsPerStep - s.contactsPerStep) <= kContactsRelTol * s.contactsPerStep &&
             std::abs(d.meanSpeed - s.meanSpeed) <= kMeanSpeedRelTol * s.meanSpeed &&
             std::abs(d.pileHeight - s.pileHeight) <= kPileHeightTol;
    }
    EXPECT_TRUE(shareVerdict(ok));
}

// On one process (rank 0 alone) the decomposed stepper is the serial one:
// no ghosts, no migration, the same order, bit for bit.
TEST(GranularMpi, OneProcessIsTheSerialRun) {
    MPI_Comm solo = MPI_COMM_NULL;
    MPI_Comm_split(MPI_COMM_WORLD, getRank() == 0 ? 0 : MPI_UNDEFINED, 0, &solo);
    bool ok = true;
    if (getRank() == 0) {
        const RunSummary d = summarise(mpi::runGranularDistributed(makeBox(), makeSettings(300), {}, solo));
        MPI_Comm_free(&solo);
        GranularWorld serial = makeBox();
        const RunSummary s = summarise(runGranular(serial, makeSettings(300)));
        const GranularFrame& fd = d.frames.back();
        const GranularFrame& fs = s.frames.back();
        ok = fd.size() == fs.size() && d.totals.contacts == s.totals.contacts;
        for (std::size_t i = 0; ok && i < fd.size(); ++i)
            ok = fd.ids[i] == fs.ids[i] && fd.positions[i] == fs.positions[i] && fd.velocities[i] == fs.velocities[i];
        EXPECT_TRUE(ok) << "the one-process run differs from the serial run";
    }
    EXPECT_TRUE(shareVerdict(ok));
}

TEST(GranularMpi, RunsAreDeterministicForAGivenProcessCount) {
    const RunSummary a = summarise(mpi::runGranularDistributed(makeBox(), makeSettings(300)));
    const RunSummary b = summarise(mpi::runGranularDistributed(makeBox(), makeSettings(300)));
    bool ok = true;
    if (getRank() == 0) {
        const GranularFrame& fa = a.frames.back();
        const GranularFrame& fb = b.frames.back();
        // No ASSERT before the verdict: every process must reach it.
        EXPECT_EQ(fa.size(), fb.size());
        ok = fa.size() == fb.size();
        for (std::size_t i = 0; ok && i < fa.size(); ++i) {
            ok = ok && fa.positions[i] == fb.positions[i] && fa.velocities[i] == fb.velocities[i];
            EXPECT_EQ(fa.positions[i], fb.positions[i]) << "particle " << fa.ids[i];
        }
        EXPECT_EQ(a.totals.contacts, b.totals.contacts);
    }
    EXPECT_TRUE(shareVerdict(ok));
}

// The channel decomposed along its length: the inflow creates layers in the
// first slab, particles cross every face and leave at the last; each is
// counted once.
TEST(GranularMpi, ChannelAccountsForEveryParticle) {
    GranularScene scene;
    scene.setup = GranularSetup::ChannelFlow;
    scene.particles = 1000;
    scene.solver.timeStep = 1e-5;
    scene.solver.threads = 1;
    GranularWorld world = makeGranularWorld(scene);
    const long long initial = static_cast<long long>(world.spheres.size());
    GranularRunSettings settings = makeSettings(400);   // past the first reset and the first outflow
    settings.frameInterval = 1.0;
    const GranularRunResult r = mpi::runGranularDistributed(world, settings);
    bool ok = true;
    if (getRank() == 0) {
        const GranularFrame& last = r.frames.back();
        EXPECT_GT(r.totals.inserted, 0);
        EXPECT_GT(r.totals.discharged, 0);
        EXPECT_EQ(r.totals.lost, 0);
        EXPECT_EQ(initial + r.totals.inserted, static_cast<long long>(last.size()) + r.totals.discharged);
        EXPECT_EQ(getIds(last).size(), last.size()) << "an id twice";
        // The same run serially: the same particles created and discharged
        // (inflow and outflow do not depend on the solve order this early).
        GranularWorld serial = makeGranularWorld(scene);
        const GranularRunResult s = runGranular(serial, settings);
        EXPECT_EQ(r.totals.inserted, s.totals.inserted);
        // Which particle crosses the outlet first depends on the solve order
        // near the outlet: 5 % of the serial count bounds the difference.
        constexpr double kDischargedRelTol = 0.05;
        EXPECT_NEAR(static_cast<double>(r.totals.discharged), static_cast<double>(s.totals.discharged),
                    kDischargedRelTol * static_cast<double>(s.totals.discharged));
        ok = r.totals.lost == 0 && initial + r.totals.inserted == static_cast<long long>(last.size()) + r.totals.discharged &&
             getIds(last).size() == last.size() && r.totals.inserted == s.totals.inserted;
    }
    EXPECT_TRUE(shareVerdict(ok));
}

TEST(GranularMpi, TooManyProcessesForTheBoxIsAnInputError) {
    // 216 spheres: a box 0.086 m wide; slabs thinner than the ghost width
    // (a diameter and the contact margin, 0.01125 m) are refused: 7 fit, 8 not.
    EXPECT_THROW(mpi::checkDecomposition(makeBox(), 8), InputError);
    EXPECT_NO_THROW(mpi::checkDecomposition(makeBox(), 7));
}

}  // namespace
}  // namespace impactlab::granular

// Every process runs the tests; only rank 0 prints.
int main(int argc, char** argv) {
    impactlab::granular::mpi::initialize();
    ::testing::InitGoogleTest(&argc, argv);
    if (impactlab::granular::mpi::getRank() != 0) {
        auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
        delete listeners.Release(listeners.default_result_printer());
    }
    return RUN_ALL_TESTS();
}
