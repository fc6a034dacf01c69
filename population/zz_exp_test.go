package population
import ("context";"testing";"time";"shardcore/systems";"shardcore/world/gen";"shardcore/world/gen/britannia")
func TestZZExp(t *testing.T){
  t0:=time.Now()
  w,err:=britannia.Generate(context.Background(), britannia.Options{Map: 0})
  if err!=nil{t.Fatal(err)}
  t.Logf("gen %v", time.Since(t0))
  s,err:=systems.NewSim(w.Map,w.Tiles,systems.Options{})
  if err!=nil{t.Fatal(err)}
  pl:=newPlacer(s)
  g:=newRouteGen(pl, gen.Landmarks{}, 1)
  prog:=progress{ctx:context.Background()}
  t0=time.Now()
  rs,err:=g.routes(&prog,"x",5000,pairCellsPerRoute,0,0)
  if err!=nil{t.Fatal(err)}
  cells:=0; for _,r:=range rs{cells+=len(r.cells)}
  t.Logf("routes %d cells %d took %v", len(rs), cells, time.Since(t0))
  t0=time.Now()
  n:=0
  for i:=0;i<100000;i++{ if _,ok:=g.centre(false); ok {n++} }
  t.Logf("centres %d/100000 %v", n, time.Since(t0))
}
