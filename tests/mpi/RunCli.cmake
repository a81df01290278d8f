# impactlab-cli simulate under mpirun -np RANKS on the settling box (216
# spheres, 300 steps): exit 0, one summary from rank 0 that says so, every
# particle still there and none lost.
execute_process(
  COMMAND ${MPIRUN} --oversubscribe --allow-run-as-root -np ${RANKS} ${CLI} simulate ${SCENE}
          --set particles=216 --steps 300 --quiet
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "exit ${rc}\nstdout: ${out}\nstderr: ${err}")
endif()
string(JSON ranks GET "${out}" ranks)
string(JSON particles GET "${out}" particles)
string(JSON lost GET "${out}" lost_particles)
string(JSON steps GET "${out}" steps)
string(JSON contacts GET "${out}" contacts_per_step)
if(NOT ranks EQUAL ${RANKS} OR NOT particles EQUAL 216 OR NOT lost EQUAL 0 OR NOT steps EQUAL 300)
  message(FATAL_ERROR "unexpected summary: ranks ${ranks}, particles ${particles}, lost ${lost}, steps ${steps}\n${out}")
endif()
# A lattice of 6^3 touching within the contact margin (spacing 1.1 d, margin
# 0.125 d) has 3 x 5 x 36 = 540 pairs plus the floor's 36: contacts are found.
if(contacts LESS 100)
  message(FATAL_ERROR "too few contacts per step (${contacts}): the run found no pile\n${out}")
endif()
message(STATUS "mpirun -np ${RANKS}: ${particles} particles, ${contacts} contacts per step, lost ${lost}")
